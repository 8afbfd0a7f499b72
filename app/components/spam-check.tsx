/**
 * The ALTCHA spam-check widget (product decisions). The widget script (about 36 kB) is loaded
 * only on pages that render this component (/contact), and there only once it is wanted: when
 * the widget scrolls into view or something in its form gets focus, so it stays out of the
 * page's first load. Its place is reserved meanwhile (its idle height, 92 px at every width),
 * so nothing moves when it appears, with a line saying what will appear there.
 * `onChange` receives the solution payload ('' until solved or after it expires). Its hidden
 * input carries the payload in the form under `name`.
 */
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

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
  onChange,
  resetKey,
  describedBy,
}: {
  name?: string;
  onChange: (payload: string) => void;
  /** Changing it resets the widget (after a successful submission). */
  resetKey?: unknown;
  describedBy?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    const form = el.closest('form');
    const load = () => {
      stop();
      import('altcha').then(() => !cancelled && setLoaded(true)).catch(() => !cancelled && setFailed(true));
    };
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load());
    const stop = () => {
      seen.disconnect();
      form?.removeEventListener('focusin', load);
    };
    seen.observe(el.parentElement ?? el);
    form?.addEventListener('focusin', load);
    // Focused before the page's scripts ran (they load after the first paint).
    if (form?.contains(document.activeElement)) load();
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || !loaded) return;
    const handler = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : '');
    };
    el.addEventListener('statechange', handler);
    return () => el.removeEventListener('statechange', handler);
  }, [loaded]);

  useEffect(() => {
    if (resetKey === undefined) return;
    (ref.current as (HTMLElement & { reset?: () => void }) | null)?.reset?.();
    onChangeRef.current('');
  }, [resetKey]);

  return (
    <div aria-describedby={describedBy} className="relative min-h-[92px]">
      {!loaded && !failed && (
        // The reserved place says what will appear there (issue 23): not an empty gap.
        <p className="absolute inset-0 flex items-center gap-3 rounded-lg border border-dashed border-line px-4 text-sm text-muted">
          <ShieldCheck aria-hidden className="size-5 shrink-0 text-brass-600" />
          The spam check starts when you begin typing.
        </p>
      )}
      <altcha-widget ref={ref} challenge="/api/altcha/challenge" name={name} language="en" />
      {failed && <p className="text-sm text-danger">The spam check could not load. Please reload the page.</p>}
    </div>
  );
}
