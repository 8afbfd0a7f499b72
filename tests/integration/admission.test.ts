/**
 * Renders admitted a few at a time, in order (issue 26, "Queueing"; server/admission.ts): at most
 * `concurrency` run at once, the rest start in the order they came, a full line refuses at once
 * without running the work, and actions are never queued.
 */
import { describe, expect, it } from 'vitest';
import { admission, QueueFull } from '../../server/admission';

/** A piece of work that runs until `finish()` is called, noting when it started. */
function work(started: number[], id: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      started.push(id);
      await done;
      return id;
    },
    finish: () => finish(),
  };
}

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('render admission', () => {
  it('runs at most `concurrency` renders at once and starts the others first come, first served', async () => {
    const gate = admission({ concurrency: 2, queueLimit: 10 });
    const started: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) => work(started, i));
    const results = jobs.map((job) => gate.admit('GET', job.run));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(gate.counts).toEqual({ running: 2, waiting: 4 });
    jobs[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    jobs[0]!.finish();
    jobs[2]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    for (const job of jobs) job.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gate.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once, without running the work, when the line is full; a place freed admits again', async () => {
    const gate = admission({ concurrency: 1, queueLimit: 1 });
    const started: number[] = [];
    const first = work(started, 1);
    const second = work(started, 2);
    const running = gate.admit('GET', first.run);
    const waiting = gate.admit('HEAD', second.run);
    await expect(gate.admit('GET', async () => started.push(3))).rejects.toBeInstanceOf(QueueFull);
    await settle();
    expect(started).toEqual([1]);
    first.finish();
    await running;
    await settle();
    expect(started).toEqual([1, 2]);
    const third = work(started, 3);
    const admitted = gate.admit('GET', third.run);
    second.finish();
    third.finish();
    expect(await Promise.all([waiting, admitted])).toEqual([2, 3]);
  });

  it('never queues an action, and a failed render gives its place back', async () => {
    const gate = admission({ concurrency: 1, queueLimit: 0 });
    const started: number[] = [];
    const page = work(started, 1);
    const running = gate.admit('GET', page.run);
    expect(await gate.admit('POST', async () => 'saved')).toBe('saved');
    await expect(gate.admit('GET', async () => 'page')).rejects.toBeInstanceOf(QueueFull);
    page.finish();
    await running;
    await expect(gate.admit('GET', () => Promise.reject(new Error('loader failed')))).rejects.toThrow('loader failed');
    expect(await gate.admit('GET', async () => 'next')).toBe('next');
  });
});
