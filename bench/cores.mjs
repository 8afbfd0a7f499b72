// `npm run bench -- cores` (issue 26, "Speed": more cores, more throughput): the mixed workload of
// `npm run bench -- load` (lib.mjs `mixedWorkload`) at 50 connections against the production
// server run with WEB_CONCURRENCY=1 and then =2, each in its own server process one after the
// other, on the embedded default database and on PostgreSQL (DATABASE_URL, a scratch database
// created and dropped). Each run: sign-ins, a 5 s warm-up (not measured), then BENCH_CORES_SECONDS
// (30) measured. Prints requests/s, p50/p99 latency, errors (failed or non-2xx/3xx answers,
// timeouts), the longest event-loop delay of any server process, and the CPU each side used in
// cores (seconds of CPU per second): the server's (every process of it, the embedded PostgreSQL
// included) and the load generator's (autocannon, in this process). Then the ratio 2/1 per
// database. The machine's load average before each run is printed: other work skews the figures.
//
// Fairness: on a 2-core machine the load generator shares the cores with the server. It is light
// (its CPU is printed), runs the same in both configurations, and is not pinned: pinning it to a
// core would leave the two server processes one core between them. The server's CPU (its
// processes and the embedded cluster; a PostgreSQL server on DATABASE_URL is not counted) shows
// how much of the machine it got: with other work running, the ratio 2/1 follows the CPU the
// server was given more than the code, and 'requests per server CPU-s' shows what each request
// cost either way.
import autocannon from 'autocannon';
import { BENCH_ADMIN, benchDatabase, ensureBuild, mixedWorkload, startProductionServer } from './lib.mjs';
import { cpuTimes, machine } from './processes.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_CORES_SECONDS ?? 30);
const WARMUP_SECONDS = 5;

/** One autocannon run of `duration` seconds with `requests`; resolves with its result. */
function cannon(server, requests, duration) {
  return new Promise((resolve, reject) =>
    autocannon({ url: server.url, connections: CONNECTIONS, duration, requests, timeout: 10 }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
}

/** Measures `server` (stopped afterwards, whatever happens) and returns its row. */
async function measure(label, processes, server) {
  try {
    const requests = await mixedWorkload(server);
    await cannon(server, requests, WARMUP_SECONDS);
    // Each server process's event-loop report covers the measured load alone from here.
    process.kill(server.pid, 'SIGUSR2');
    const serverBefore = cpuTimes(server.pid);
    const generatorBefore = process.cpuUsage();
    const started = performance.now();
    const result = await cannon(server, requests, SECONDS);
    const wallUs = (performance.now() - started) * 1000;
    const generator = process.cpuUsage(generatorBefore);
    const serverAfter = cpuTimes(server.pid);
    await server.stop();
    const loops = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"event-loop delay since the last report'))
      .map((l) => JSON.parse(l).eventLoopDelayMs.max);
    const cores = (us) => Math.round((us / wallUs) * 100) / 100;
    const serverUs = serverAfter.own + serverAfter.below - serverBefore.own - serverBefore.below;
    return {
      database: label,
      processes,
      'requests/s': Math.round(result.requests.total / (wallUs / 1e6)),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      'loop max ms': loops.length ? Math.max(...loops) : NaN,
      'server CPU (cores)': cores(serverUs),
      'requests per server CPU-s': Math.round(result.requests.total / (serverUs / 1e6)),
      'generator CPU (cores)': cores(generator.user + generator.system),
    };
  } finally {
    await server.stop();
  }
}

const SERVER_ENV = { LOG_LEVEL: 'info', TRUST_PROXY: '1' };

/** The rows of both configurations on the embedded default database. */
async function embedded() {
  const rows = [];
  for (const processes of [1, 2]) {
    console.log(`load average before embedded × ${processes}: ${machine().load.join(' ')}`);
    const server = await startProductionServer({
      ...SERVER_ENV,
      WEB_CONCURRENCY: String(processes),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    });
    try {
      rows.push(await measure('embedded default', processes, server));
    } finally {
      await server.remove();
    }
  }
  return rows;
}

/** The rows of both configurations on PostgreSQL (a scratch database each), or none without a server. */
async function postgres() {
  const rows = [];
  for (const processes of [1, 2]) {
    console.log(`load average before PostgreSQL × ${processes}: ${machine().load.join(' ')}`);
    const scratch = await benchDatabase(`cores${processes}`, 'One process per core on PostgreSQL', {
      ...SERVER_ENV,
      SEED_DEMO: 'true',
      WEB_CONCURRENCY: String(processes),
    });
    if (!scratch) return rows;
    try {
      rows.push(await measure('PostgreSQL', processes, scratch.server));
    } finally {
      await scratch.close().catch(() => {});
    }
  }
  return rows;
}

export async function benchCores() {
  await ensureBuild();
  const m = machine();
  console.log(
    `\n## One process per core: mixed workload, ${CONNECTIONS} connections, ${SECONDS} s, WEB_CONCURRENCY 1 then 2 (target: 2/1 ≥ 1.7, no errors)`,
  );
  console.log(
    `machine: ${m.cores} cores, ${m.model}, Node ${m.node}, load average ${m.load.join(' ')}${m.busy ? ' (busy)' : ''}`,
  );
  const rows = [...(await embedded()), ...(await postgres())];
  console.table(rows);
  const ratios = [];
  for (const database of new Set(rows.map((r) => r.database))) {
    const [one, two] = [1, 2].map((p) => rows.find((r) => r.database === database && r.processes === p));
    if (one && two)
      ratios.push({
        database,
        'requests/s 2/1': Math.round((two['requests/s'] / one['requests/s']) * 100) / 100,
        'p99 2/1': Math.round((two['p99 ms'] / one['p99 ms']) * 100) / 100,
        'server CPU 2/1': Math.round((two['server CPU (cores)'] / one['server CPU (cores)']) * 100) / 100,
        errors: one.errors + two.errors,
      });
  }
  console.table(ratios);
}
