/**
 * Runs `onAnswer` once for each answer a fetcher receives after this component mounted (when it
 * returns to idle with new data): to show its toast, close a dialog or leave an edit mode.
 */
import { useEffect, useRef } from 'react';
import type { useFetcher } from 'react-router';

export function useFetcherAnswer<T>(fetcher: ReturnType<typeof useFetcher<T>>, onAnswer: (answer: T) => void): void {
  // An answer already there when this component mounts is not new (a reopened dialog).
  const handled = useRef<unknown>(fetcher.data);
  const callback = useRef(onAnswer);
  useEffect(() => {
    callback.current = onAnswer;
  });
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data as T);
  }, [fetcher.state, fetcher.data]);
}
