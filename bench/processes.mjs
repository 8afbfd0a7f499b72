// Processes for the benchmarks (Linux): pinning children to a core with `taskset`, the CPU time a
// process and its descendants spent (from /proc/<pid>/stat), the machine's description, and
// small child processes that report in JSON lines on stdout and are always stopped.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

let tasksetFound;

/** True when `taskset` (util-linux) can run a command here. */
export function hasTaskset() {
  tasksetFound ??= spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' }).status === 0;
  return tasksetFound;
}

/**
 * The command and arguments that run `command args` on the CPUs `cpus` (a taskset list, e.g.
 * '0'), or unpinned when `cpus` is undefined or taskset is missing. taskset execs the command,
 * so the child's pid is the command's own.
 */
export function pinned(cpus, command, args) {
  return cpus !== undefined && hasTaskset() ? ['taskset', ['-c', String(cpus), command, ...args]] : [command, args];
}

/** The CPUs process `pid` may run on, as the kernel says (e.g. '0' or '0-1'), or '?' when gone. */
export function allowedCpus(pid) {
  try {
    return /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '?';
  } catch {
    return '?';
  }
}

/** Clock ticks per second of the times in /proc/<pid>/stat (USER_HZ, 100 almost everywhere). */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * { ppid, own, children } of process `pid` in clock ticks: `own` is its user + system time,
 * `children` that of its children it has waited for (cutime + cstime); null when it is gone.
 */
function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are plain numbers.
    const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** The pids of every process below `pid` (children, their children, …). */
export function descendants(pid) {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (stat) parents.set(Number(name), stat.ppid);
  }
  const found = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent] of parents)
      if (!found.has(child) && found.has(parent)) {
        found.add(child);
        grew = true;
      }
  }
  found.delete(pid);
  return [...found];
}

/**
 * CPU time so far, in microseconds, of process `pid` itself (`own`) and of everything it started
 * (`below`: its descendants, alive or already waited for; for the site, the embedded PostgreSQL
 * cluster). Take it before and after a window and subtract: a process that ends in between
 * moves its time into its parent's waited-for total, which is counted too.
 */
export function cpuTimes(pid) {
  const self = statOf(pid);
  if (!self) return null;
  const pids = descendants(pid);
  let below = self.children;
  for (const p of pids) {
    const stat = statOf(p);
    if (stat) below += stat.own + stat.children;
  }
  const us = (ticks) => (ticks * 1e6) / CLOCK_TICKS;
  return { own: us(self.own), below: us(below), processesBelow: pids.length };
}

/** The command name of process (or thread) stat file `path`, or null when it is gone. */
function commOf(path) {
  try {
    const stat = readFileSync(path, 'utf8');
    return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  } catch {
    return null;
  }
}

/** User + system clock ticks of a thread's stat file (`/proc/<pid>/task/<tid>/stat`), 0 when gone. */
function threadTicks(path) {
  try {
    const stat = readFileSync(path, 'utf8');
    const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** CPU time (µs) thread `tid` of process `pid` has used, or 0 when it is gone. */
export function threadUs(pid, tid) {
  return (threadTicks(`/proc/${pid}/task/${tid}/stat`) * 1e6) / CLOCK_TICKS;
}

/**
 * Where the CPU of a site started as process `serverPid` goes so far, in microseconds, split by
 * what each part does (the `cores` bench takes it before and after a window):
 * - `requests`: the main (JavaScript) thread of each process that serves requests: the cluster
 *   workers when the site forked some, else the site's own process;
 * - `primary`: the site's own main thread when it forked workers (the background work);
 * - `helpers`: every other thread of those node processes (V8's compiler and garbage-collector
 *   threads, libuv's pool);
 * - `database`: every process on the machine named postgres* (the embedded cluster below the
 *   site, or a local server of DATABASE_URL; run nothing else on it meanwhile), with the
 *   backends that ended (their postmaster's reaped children);
 * - `machine`: the busy time of every CPU (/proc/stat), whoever used it; `steal`: the time the
 *   host gave this machine's CPUs to something else.
 * Threads that ended within the window are not counted (the site's are long-lived).
 */
export function cpuParts(serverPid) {
  const us = (ticks) => (ticks * 1e6) / CLOCK_TICKS;
  const below = descendants(serverPid);
  const workers = below.filter((pid) => commOf(`/proc/${pid}/stat`) === 'node');
  const nodes = [serverPid, ...workers];
  const parts = { requests: 0, primary: 0, helpers: 0, database: 0, machine: 0, steal: 0 };
  for (const pid of nodes) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`).map(Number);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const ticks = threadTicks(`/proc/${pid}/task/${tid}/stat`);
      if (tid !== pid) parts.helpers += ticks;
      else if (pid === serverPid && workers.length) parts.primary += ticks;
      else parts.requests += ticks;
    }
  }
  const isPostgres = (pid) => commOf(`/proc/${pid}/stat`)?.startsWith('postgres') === true;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || !isPostgres(name)) continue;
    const stat = statOf(Number(name));
    if (!stat) continue;
    // A server's postmaster also holds the time of the backends it has reaped (a pool closes idle
    // connections), which would otherwise vanish from the sum when they end.
    parts.database += stat.own + (isPostgres(stat.ppid) ? 0 : stat.children);
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is user to softirq but idle and
  // iowait; steal (the host ran something else on this vCPU) is apart.
  parts.machine = cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6];
  parts.steal = cpu[7] ?? 0;
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, us(v)]));
}

/** Cores, CPU model, load average and Node version: the line a reader needs to weigh figures. */
export function machine() {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(1));
  return {
    cores: os.availableParallelism?.() ?? cpus.length,
    model: cpus[0]?.model?.trim() ?? 'unknown',
    load,
    // More than half the cores busy before the bench starts: its figures will be noisy.
    busy: os.loadavg()[0] > 0.5 * (os.availableParallelism?.() ?? cpus.length),
    node: process.version,
  };
}

/** Children started by `startChild` and not yet stopped (killed if this process is interrupted). */
const live = new Set();

/**
 * Starts `node script arg` (pinned to `cpus` when given) whose stdout carries JSON lines; each
 * object with a `bench` field goes to `onMessage`, other lines (a server's log) are ignored.
 * Returns { pid, child, next(kind, timeoutMs), stop() }: `next` waits for the next message of
 * that kind and rejects when the child exits first or the time runs out; `stop` sends SIGTERM,
 * then SIGKILL after 10 s, and waits for the exit.
 */
export function startChild(script, arg, { cpus, env } = {}) {
  const [command, args] = pinned(cpus, process.execPath, [script, JSON.stringify(arg)]);
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  live.add(child);
  const exited = new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  exited.then(() => live.delete(child));
  const messages = [];
  const waiting = [];
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      if (!message?.bench) continue;
      const i = waiting.findIndex((w) => w.kind === message.bench);
      if (i >= 0) waiting.splice(i, 1)[0].resolve(message);
      else messages.push(message);
    }
  });
  return {
    pid: child.pid,
    child,
    next(kind, timeoutMs = 120_000) {
      const i = messages.findIndex((m) => m.bench === kind);
      if (i >= 0) return Promise.resolve(messages.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const entry = { kind, resolve: (m) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`${script}: no '${kind}' within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiting.push(entry);
        exited.then(({ code, signal }) => {
          if (!waiting.includes(entry)) return;
          clearTimeout(timer);
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`${script} exited (${signal ?? code}) before '${kind}'`));
        });
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    },
  };
}

/** Sends SIGTERM to every child `startChild` started that still runs (on an interruption). */
export function killChildren() {
  for (const child of live) child.kill('SIGTERM');
}

/** Writes one JSON message (`{ bench: kind, … }`) for the parent (children only). */
export function report(kind, fields = {}) {
  process.stdout.write(`${JSON.stringify({ bench: kind, ...fields })}\n`);
}
