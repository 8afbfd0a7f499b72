/**
 * The ALTCHA spam-check widget (product decisions). The widget script (about 34 kB gzipped) is
 * loaded only on pages that render this component (/contact), and there only once it is wanted:
 * when the widget scrolls into view or something in its form gets focus, so it stays out of the
 * page's first load. Its place is reserved meanwhile (its idle height, 92 px at every width),
 * so nothing moves when it appears, with a line saying what will appear there.
 *
 * /contact does not hydrate (issue 26, Speed): the loading is `enhanceSpamCheck`, the page's
 * inline enhancement (`handle.enhance`, app/lib/route-handle.ts), which also keeps the form's
 * submit buttons disabled until the check is solved and hides the form's `data-spam-check-hint`
 * line then. On a page React renders (a client-side navigation), the component runs the same
 * function from an effect. The widget's hidden input carries the payload in the form under `name`.
 */
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
// The widget's own minified, self-contained build, served as a hashed asset.
import altchaScript from '../../node_modules/altcha/dist/main/altcha.min.js?url';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        name?: string;
        auto?: string;
        language?: string;
      };
    }
  }
}

export function SpamCheck({
  name = 'altcha',
  resetKey,
  describedBy,
}: {
  name?: string;
  /** Changing it resets the widget (after a successful submission on a page React renders). */
  resetKey?: unknown;
  describedBy?: string;
}) {
  const ref = useRef<HTMLElement>(null);

  // Only where React runs (a client-side navigation); a page loaded as a document runs it inline.
  useEffect(() => enhanceSpamCheck(), []);

  useEffect(() => {
    if (resetKey === undefined) return;
    (ref.current as (HTMLElement & { reset?: () => void }) | null)?.reset?.();
  }, [resetKey]);

  return (
    <div data-spam-check aria-describedby={describedBy} className="relative min-h-[92px]">
      {/* The reserved place says what will appear there (issue 23): not an empty gap. */}
      <p
        data-spam-check-waiting
        className="absolute inset-0 flex items-center gap-3 rounded-lg border border-dashed border-line px-4 text-sm text-muted"
      >
        <ShieldCheck aria-hidden className="size-5 shrink-0 text-brass-600" />
        The spam check starts when you begin typing.
      </p>
      <altcha-widget ref={ref} challenge="/api/altcha/challenge" name={name} language="en" data-script={altchaScript} />
      <p data-spam-check-failed hidden className="text-sm text-danger">
        The spam check could not load. Please reload the page.
      </p>
    </div>
  );
}

/**
 * Wires every `[data-spam-check]` box of the page, once: its form's submit buttons are disabled
 * until the widget reports a solution; the widget's script (its `data-script`) is added when the
 * box comes into view or the form gets focus; then the waiting line goes, or the failure line
 * shows. Self-contained: it runs as the page's inline enhancement (serialised, no imports).
 */
export function enhanceSpamCheck(): void {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
  document.querySelectorAll<HTMLElement>('[data-spam-check]').forEach((box) => {
    if (box.dataset.enhanced) return;
    box.dataset.enhanced = 'true';
    const widget = box.querySelector('altcha-widget');
    const form = box.closest('form');
    if (!widget || !form) return;
    const hint = form.querySelector<HTMLElement>('[data-spam-check-hint]');
    const solved = (yes: boolean) => {
      form.querySelectorAll<HTMLButtonElement>('button[type=submit]').forEach((button) => (button.disabled = !yes));
      if (hint) hint.hidden = yes;
    };
    solved(false);
    widget.addEventListener('statechange', (event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string } | undefined>).detail;
      solved(detail?.state === 'verified' && !!detail.payload);
    });
    const show = (selector: string, visible: boolean) => {
      const element = box.querySelector<HTMLElement>(selector);
      if (element) element.hidden = !visible;
    };
    const load = () => {
      seen.disconnect();
      form.removeEventListener('focusin', load);
      const script = document.createElement('script');
      script.type = 'module';
      script.src = widget.getAttribute('data-script') ?? '';
      if (nonce) script.nonce = nonce;
      script.onload = () => show('[data-spam-check-waiting]', false);
      script.onerror = () => {
        show('[data-spam-check-waiting]', false);
        show('[data-spam-check-failed]', true);
      };
      document.head.appendChild(script);
    };
    const seen = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load());
    seen.observe(box);
    form.addEventListener('focusin', load);
    if (form.contains(document.activeElement)) load();
  });
}
