/**
 * What scripts a document gets from its matched routes' `handle` (docs/decisions/0004, issue 26):
 * the most demanding match decides, and a page without React may still carry its routes' inline
 * enhancements, each once, which must not be able to end their script element.
 */
import { describe, expect, it } from 'vitest';
import { enhancementScript } from '~/components/layout/page-enhancements';
import { pageEnhancements, pageScripts } from './route-handle';

function one() {
  document.body.dataset.one = 'yes';
}
function two() {
  document.body.dataset.two = 'yes';
}

describe('pageScripts', () => {
  it('loads at once when a match declares nothing, after the paint when one asks, none when all refuse', () => {
    expect(pageScripts([])).toBe('immediate');
    expect(pageScripts([{ handle: { hydrate: false } }, {}])).toBe('immediate');
    expect(pageScripts([{ handle: { hydrate: false } }, { handle: { hydrate: 'after-paint' } }])).toBe('after-paint');
    expect(pageScripts([{ handle: { hydrate: false } }, { handle: { hydrate: false } }])).toBe('none');
  });

  it('gives a page without React its enhancements, each once, outermost first; a hydrating page ignores them', () => {
    const matches = [
      { handle: { hydrate: false, enhance: one } },
      { handle: { hydrate: false, enhance: two } },
      { handle: { hydrate: false, enhance: one } },
    ];
    expect(pageScripts(matches)).toBe('enhance');
    expect(pageEnhancements(matches)).toEqual([one, two]);
    expect(pageScripts([...matches, { handle: { hydrate: 'after-paint' } }])).toBe('after-paint');
  });
});

describe('enhancementScript', () => {
  it('calls each function from its source', () => {
    const code = enhancementScript([one, two]);
    expect(code).toContain(`(${one.toString()})();`);
    expect(code).toContain(`(${two.toString()})();`);
  });

  it('refuses a source that would end the script element early', () => {
    // The build escapes such text in string literals (`<\/script`); a source made at run time is not.
    const closes = new Function("return '</script><script>alert(1)</script>'") as () => void;
    const comment = new Function("return '<!-- x'") as () => void;
    expect(() => enhancementScript([closes])).toThrow(/must not contain/);
    expect(() => enhancementScript([comment])).toThrow(/must not contain/);
    expect(() => enhancementScript([one])).not.toThrow();
  });
});
