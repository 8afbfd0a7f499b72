/**
 * Reads that are always fresh but never repeated needlessly: many requests arriving together ask
 * the database one small question (the site content version) and share the answer.
 */

/**
 * Wraps `read` so that each call resolves with a value read after the call began, while calls
 * that arrive during a read share the next one: at most one read runs and one waits, however
 * many callers there are. A failed read rejects the callers that shared it.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const current = read().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    // The running read may have begun before this call: wait for the one after it.
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}
