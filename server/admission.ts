/**
 * Admission of renders (issue 26, docs/decisions/0010-signed-in-pages.md "Queueing"): page and
 * `.data` requests (GET and HEAD) that reach React Router run at most `concurrency` at a time per
 * process, and the others wait their turn first come, first served (p-limit's FIFO queue). Under
 * a burst each render then runs nearly alone and finishes in its own time, instead of every
 * render in flight sharing the one core and all of them finishing late together: latency is the
 * wait in line plus one render, the same for every request in the burst. At most `queueLimit`
 * wait; the next is answered 503 with Retry-After at once, before any work (load shedding).
 *
 * A render holds its place until React Router has its Response: a document is rendered whole
 * by then (app/entry.server.tsx); streamed bodies (files, `.data` streams) are written after the
 * place is given back. Actions (POST and the rest) are not queued: they may wait on an upload's
 * body, and the pages they lead to are GETs, admitted here.
 */
import pLimit from 'p-limit';

export interface AdmissionOptions {
  /** Renders run at once, at least 1. */
  concurrency: number;
  /** Renders that may wait in line; 0 refuses every request beyond `concurrency`. */
  queueLimit: number;
}

/** Thrown by `admit` when the line is full: the request is answered 503. */
export class QueueFull extends Error {
  constructor() {
    super('render queue full');
  }
}

/**
 * An admission gate. `admit(method, work)` runs `work` at once for a method that is not GET or
 * HEAD, and otherwise when its turn comes; it rejects with QueueFull, without running `work`,
 * when `queueLimit` renders already wait.
 */
export function admission({ concurrency, queueLimit }: AdmissionOptions) {
  const limit = pLimit(concurrency);
  return {
    admit<T>(method: string, work: () => Promise<T>): Promise<T> {
      if (method !== 'GET' && method !== 'HEAD') return work();
      if (limit.activeCount + limit.pendingCount >= concurrency + queueLimit) return Promise.reject(new QueueFull());
      return limit(work);
    },
    /** Renders running and waiting now. */
    get counts() {
      return { running: limit.activeCount, waiting: limit.pendingCount };
    },
  };
}
