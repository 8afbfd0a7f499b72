/**
 * Runs `onAnswer` once for each answer a fetcher receives (when it returns to idle with new
 * data): to show its toast, close a dialog or leave an edit mode.
 */
import { useEffect, useRef } from 'react';
import type { useFetcher } from 'react-router';

export function useFetcherAnswer<T>(fetcher: ReturnType<typeof useFetcher<T>>, onAnswer: (answer: T) => void): void {
  const handled = useRef<unknown>(null);
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
