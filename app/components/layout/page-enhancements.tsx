/**
 * The inline script of a page that does not hydrate but declares `enhance` functions
 * (`hydrate: false` with `handle.enhance`, app/lib/route-handle.ts; issue 26, Speed): each
 * function's source, called once, in one nonce'd script at the end of the body, so it runs as
 * soon as the HTML above it is parsed. No React, no React Router client: a few hundred bytes.
 */
import { useMatches } from 'react-router';
import { pageEnhancements } from '~/lib/route-handle';

/**
 * The enhancements' code: each function's source, called. Code is not a string that could be
 * escaped, so a source that would end the script element early (`</script`, `<!--`) is refused.
 */
export function enhancementScript(enhancements: readonly (() => void)[]): string {
  const code = enhancements.map((fn) => `(${fn.toString()})();`).join('\n');
  if (/<\/script|<!--/i.test(code)) throw new Error('An enhancement must not contain "</script" or "<!--"');
  return code;
}

/** The inline script running the current matches' `enhance` functions (nothing when none). */
export function PageEnhancements({ nonce }: { nonce?: string }) {
  const enhancements = pageEnhancements(useMatches());
  if (!enhancements.length) return null;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: enhancementScript(enhancements) }} />;
}
