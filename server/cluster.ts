/**
 * The primary process's side of `WEB_CONCURRENCY` > 1 (docs/decisions/0009-one-process-per-core.md):
 * forks the request-serving workers with `node:cluster` (they share PORT; the primary hands out
 * connections in turn), restarts a worker that dies unexpectedly after a back-off, passes SIGUSR2
 * on, and at shutdown stops every worker and waits for each to finish its in-flight requests.
 */
import cluster, { type Worker } from 'node:cluster';
import { logger } from '~/server/logger.server';

/** The first restart waits this long; each further crash in a row doubles it, up to the cap. */
const RESTART_DELAY_MS = 1_000;
const RESTART_DELAY_CAP_MS = 30_000;
/** A worker that served this long before dying was healthy: the back-off starts again. */
const HEALTHY_AFTER_MS = 60_000;
/** A worker still running this long after SIGTERM is killed (its own limit is 25 s). */
export const WORKERS_STOP_TIMEOUT_MS = 30_000;

export interface Workers {
  /** Resolves once every worker listens; rejects when one exits before it ever listened. */
  ready: Promise<void>;
  /** The pids of the workers running now. */
  pids(): number[];
  /** SIGTERM to every worker, no more restarts; resolves once all have exited. */
  stop(): Promise<void>;
}

/**
 * Forks `count` workers of this script (cluster workers run `process.argv[1]` again, and
 * `start()` sees `cluster.isWorker`). A worker that exits while the site is not stopping is
 * forked again after 1 s, 2 s, 4 s … (at most 30 s; back to 1 s after a worker that lived a
 * minute), each restart logged with the exit code or signal.
 */
export function forkWorkers(count: number): Workers {
  let stopping = false;
  let crashesInARow = 0;
  const pending = new Set<NodeJS.Timeout>();
  const running = new Set<Worker>();
  let listening = 0;
  let settle: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let allListened = false;

  const fork = () => {
    const worker = cluster.fork();
    const forkedAt = Date.now();
    let listened = false;
    running.add(worker);
    worker.once('listening', () => {
      listened = true;
      if (!allListened && ++listening === count) {
        allListened = true;
        settle.resolve();
      }
    });
    worker.once('exit', (code, signal) => {
      running.delete(worker);
      if (stopping) return;
      const pid = worker.process.pid;
      if (!allListened && !listened) {
        // At start-up a worker that cannot listen (the port is taken, the database refuses it)
        // would fail again: the site does not start, as one process would not.
        settle.reject(new Error(`server worker ${pid} exited (${signal ?? code}) before it listened`));
        return;
      }
      crashesInARow = Date.now() - forkedAt >= HEALTHY_AFTER_MS ? 0 : crashesInARow + 1;
      const delayMs = Math.min(RESTART_DELAY_MS * 2 ** Math.max(0, crashesInARow - 1), RESTART_DELAY_CAP_MS);
      logger.error({ worker: pid, code, signal, restartInMs: delayMs }, 'a server worker exited unexpectedly; restarting it');
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!stopping) fork();
      }, delayMs);
      pending.add(timer);
    });
  };
  for (let i = 0; i < count; i++) fork();

  const onUsr2 = () => {
    for (const worker of running) worker.process.kill('SIGUSR2');
  };
  process.on('SIGUSR2', onUsr2);

  return {
    ready,
    pids: () => [...running].flatMap((w) => (w.process.pid ? [w.process.pid] : [])),
    async stop() {
      stopping = true;
      process.off('SIGUSR2', onUsr2);
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      await Promise.all(
        [...running].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const force = setTimeout(() => worker.process.kill('SIGKILL'), WORKERS_STOP_TIMEOUT_MS);
              worker.once('exit', () => {
                clearTimeout(force);
                resolve();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
