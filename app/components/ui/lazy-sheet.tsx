/**
 * The side sheet of `sheet.tsx`, loaded the first time it is wanted: `preloadSheet` starts the
 * download (on hover, focus or touch of the button that opens it) and `LazySheet` renders it
 * once it has been opened. Keeps the dialog code (about 10 kB gzipped) off every first load.
 */
import { lazy, Suspense, useState } from 'react';
import type { SheetProps } from './sheet';

const load = () => import('./sheet');
const SheetModule = lazy(() => load().then((m) => ({ default: m.Sheet })));

/** Starts downloading the sheet's code; safe to call often. */
export function preloadSheet(): void {
  void load();
}

/** Renders the sheet from its first opening on (so closing can animate and state is kept). */
export function LazySheet(props: SheetProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SheetModule {...props} />
    </Suspense>
  );
}
