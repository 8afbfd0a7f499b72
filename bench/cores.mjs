// `npm run bench -- cores` (issue 26, "Speed": more cores, more throughput): the mixed workload of
// `npm run bench -- load` (lib.mjs `mixedWorkload`) at 50 connections against the production
// server run with WEB_CONCURRENCY=1 and with =2, each its own server process, on the embedded
// default database and on PostgreSQL (DATABASE_URL, scratch databases created and dropped). Both
// servers of a database are started and signed in, warmed up 5 s each, then measured one after the
// other in alternating windows of 10 s (1, 2, 2, 1, 1, 2 …) until each has had BENCH_CORES_SECONDS
// (30): never both at once, and load from other work on the machine, which comes and goes, falls
// on both alike. Prints requests/s, p50/p99 latency (over every response of the windows), errors
// (failed or non-2xx/3xx answers, timeouts), the longest event-loop delay of any server process,
// and the CPU each side used in cores (seconds of CPU per second): the server's (every process of
// it, the embedded PostgreSQL included; a PostgreSQL server on DATABASE_URL is not counted) and the
// load generator's (autocannon, in this process); then where a request's CPU went (`cpuParts`:
// the request-serving main threads, the primary, node's helper threads, PostgreSQL, the
// generator, and the whole machine's busy time and steal), and the ratio 2/1 per database with
// its CPU ceiling: one process is bound by its request thread and two by the machine's cores,
// so 2/1 cannot pass cores × (request-thread ms of one) ÷ (machine-busy ms of two). The load
// average before each database is printed: other work skews the figures.
//
// Fairness: on a 2-core machine the load generator shares the cores with the server. It is light
// (its CPU is printed), runs the same in both configurations, and is not pinned: pinning it to a
// core would leave the two server processes one core between them. The server's CPU shows how
// much of the machine it got: with other work running, the ratio 2/1 follows the CPU the server
// was given more than the code, and 'requests per server CPU-s' shows what each request cost.
import autocannon from 'autocannon';
import { BENCH_ADMIN, benchDatabase, ensureBuild, mixedWorkload, percentile, startProductionServer } from './lib.mjs';
import { cpuParts, cpuTimes, machine } from './processes.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_CORES_SECONDS ?? 30);
const WINDOW_SECONDS = Math.min(10, SECONDS);
const WARMUP_SECONDS = 5;

/** One autocannon run of `duration` seconds with `requests`; resolves with its result and every response time (ms). */
function cannon(server, requests, duration) {
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: server.url, connections: CONNECTIONS, duration, requests, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve({ result, times }),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** A measured server: its workload and the sums of its windows. */
async function prepare(processes, server) {
  const requests = await mixedWorkload(server);
  await cannon(server, requests, WARMUP_SECONDS);
  // Each server process's event-loop report covers the measured windows alone from here.
  process.kill(server.pid, 'SIGUSR2');
  return { processes, server, requests, wallUs: 0, serverUs: 0, generatorUs: 0, total: 0, errors: 0, times: [], parts: {} };
}

/** One measured window of `m`, added to its sums. */
async function window(m) {
  const serverBefore = cpuTimes(m.server.pid);
  const partsBefore = cpuParts(m.server.pid);
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  const { result, times } = await cannon(m.server, m.requests, WINDOW_SECONDS);
  m.wallUs += (performance.now() - started) * 1000;
  const generator = process.cpuUsage(generatorBefore);
  const serverAfter = cpuTimes(m.server.pid);
  const partsAfter = cpuParts(m.server.pid);
  for (const [part, us] of Object.entries(partsAfter)) m.parts[part] = (m.parts[part] ?? 0) + us - partsBefore[part];
  m.serverUs += serverAfter.own + serverAfter.below - serverBefore.own - serverBefore.below;
  m.generatorUs += generator.user + generator.system;
  m.total += result.requests.total;
  m.errors += result.errors + result.timeouts + result.non2xx;
  m.times.push(...times);
}

/** Measures both servers of `label` in alternating windows, stops them and returns their rows. */
async function measure(label, one, two) {
  const measured = [await prepare(1, one), await prepare(2, two)];
  for (let round = 0; round * WINDOW_SECONDS < SECONDS; round++)
    for (const m of round % 2 ? [...measured].reverse() : measured) await window(m);
  await Promise.all([one.stop(), two.stop()]);
  const cores = (us, wallUs) => Math.round((us / wallUs) * 100) / 100;
  const perRequest = (us, m) => Math.round((us / m.total / 1000) * 100) / 100;
  return measured.map((m) => {
    const loops = m.server
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"event-loop delay since the last report'))
      .map((l) => JSON.parse(l).eventLoopDelayMs.max);
    return {
      database: label,
      processes: m.processes,
      'requests/s': Math.round(m.total / (m.wallUs / 1e6)),
      'p50 ms': Math.round(percentile(m.times, 50)),
      'p99 ms': Math.round(percentile(m.times, 99)),
      errors: m.errors,
      'loop max ms': loops.length ? Math.max(...loops) : NaN,
      'server CPU (cores)': cores(m.serverUs, m.wallUs),
      'requests per server CPU-s': Math.round(m.total / (m.serverUs / 1e6)),
      'generator CPU (cores)': cores(m.generatorUs, m.wallUs),
      parts: {
        database: label,
        processes: m.processes,
        'request threads': perRequest(m.parts.requests, m),
        primary: perRequest(m.parts.primary, m),
        'node helper threads': perRequest(m.parts.helpers, m),
        PostgreSQL: perRequest(m.parts.database, m),
        generator: perRequest(m.generatorUs, m),
        'machine busy': perRequest(m.parts.machine, m),
        'machine busy (cores)': cores(m.parts.machine, m.wallUs),
        'steal (cores)': cores(m.parts.steal, m.wallUs),
      },
    };
  });
}

const SERVER_ENV = { LOG_LEVEL: 'info', TRUST_PROXY: '1' };

/** The rows of both configurations on the embedded default database (a DATA_DIR each). */
async function embedded() {
  console.log(`load average before the embedded runs: ${machine().load.join(' ')}`);
  const start = (processes) =>
    startProductionServer({
      ...SERVER_ENV,
      WEB_CONCURRENCY: String(processes),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    });
  const one = await start(1);
  const two = await start(2).catch(async (error) => {
    await one.remove();
    throw error;
  });
  try {
    return await measure('embedded default', one, two);
  } finally {
    await Promise.all([one.remove(), two.remove()]);
  }
}

/** The rows of both configurations on PostgreSQL (a scratch database each), or none without a server. */
async function postgres() {
  console.log(`load average before the PostgreSQL runs: ${machine().load.join(' ')}`);
  const start = (processes) =>
    benchDatabase(`cores${processes}`, 'One process per core on PostgreSQL', {
      ...SERVER_ENV,
      SEED_DEMO: 'true',
      WEB_CONCURRENCY: String(processes),
    });
  const one = await start(1);
  if (!one) return [];
  const two = await start(2).catch(async (error) => {
    await one.close();
    throw error;
  });
  try {
    return await measure('PostgreSQL', one.server, two.server);
  } finally {
    await Promise.all([one.close(), two.close()].map((p) => p.catch(() => {})));
  }
}

export async function benchCores() {
  await ensureBuild();
  const m = machine();
  console.log(
    `\n## One process per core: mixed workload, ${CONNECTIONS} connections, ${SECONDS} s each for WEB_CONCURRENCY 1 and 2 in alternating ${WINDOW_SECONDS} s windows (target: 2/1 ≥ 1.7, no errors)`,
  );
  console.log(
    `machine: ${m.cores} cores, ${m.model}, Node ${m.node}, load average ${m.load.join(' ')}${m.busy ? ' (busy)' : ''}`,
  );
  const rows = [...(await embedded()), ...(await postgres())];
  console.table(rows.map(({ parts: _parts, ...row }) => row));
  console.log("Where a request's CPU went (ms of CPU per request, over the measured windows):");
  console.table(rows.map((r) => r.parts));
  const ratios = [];
  for (const database of new Set(rows.map((r) => r.database))) {
    const [one, two] = [1, 2].map((p) => rows.find((r) => r.database === database && r.processes === p));
    if (one && two)
      ratios.push({
        database,
        'requests/s 2/1': Math.round((two['requests/s'] / one['requests/s']) * 100) / 100,
        'p99 2/1': Math.round((two['p99 ms'] / one['p99 ms']) * 100) / 100,
        'server CPU 2/1': Math.round((two['server CPU (cores)'] / one['server CPU (cores)']) * 100) / 100,
        // One process is bound by its request thread, two by the machine's cores: what 2/1
        // could reach with one process's request thread always busy and the machine full.
        'CPU ceiling 2/1': Math.round(((m.cores * one.parts['request threads']) / two.parts['machine busy']) * 100) / 100,
        errors: one.errors + two.errors,
      });
  }
  console.table(ratios);
}
