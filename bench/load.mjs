// `npm run bench -- load` (issue "Security and scale", holding the load): a mixed workload at 50
// connections for 60 s (BENCH_LOAD_SECONDS) against the production server, once on the
// embedded default database and once on PostgreSQL, each server in its own process and the load
// generator (autocannon) in this one. Each connection cycles through public pages (/, /about,
// /borrowers, /contact), /deals and a deal page signed in as an investor, the admin user list
// (and a search) signed in as the admin, and a 64 kB PDF upload signed in as one of 100
// borrowers (so the per-borrower upload limit is never reached). Prints requests/s, p50/p99
// latency, errors (non-2xx/3xx answers, timeouts), the server's event-loop delay during the load
// (p99 and max, from its shutdown log; SIGUSR2 starts the window when the load begins) and its resident memory before and after; for the embedded database,
// also the memory of the PostgreSQL processes the server started (their proportional share, PSS,
// so the shared buffers are counted once).
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { BENCH_ADMIN, benchDatabase, ensureBuild, mixedWorkload, startProductionServer } from './lib.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);

/** Resident memory of process `pid`, in MiB (Linux). */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Memory of the processes `pid` started (the embedded PostgreSQL and its workers): PSS in MiB (Linux). */
function childrenPssMiB(pid) {
  const parentOf = (p) => Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const tree = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      try {
        if (!tree.has(p) && tree.has(parentOf(p))) {
          tree.add(p);
          grew = true;
        }
      } catch {
        /* exited meanwhile */
      }
    }
  }
  tree.delete(pid);
  let kib = 0;
  for (const p of tree) {
    try {
      kib += Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* exited meanwhile */
    }
  }
  return Math.round(kib / 1024);
}

async function run(label, server) {
  const requests = await mixedWorkload(server).catch(async (error) => {
    await server.stop();
    throw error;
  });
  // The server's event-loop report covers the load alone from here (server/app.ts).
  process.kill(server.pid, 'SIGUSR2');
  const before = rssMiB(server.pid);
  const clusterBefore = childrenPssMiB(server.pid);
  const result = await new Promise((resolve, reject) =>
    autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests, timeout: 10 }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
  const after = rssMiB(server.pid);
  const clusterAfter = childrenPssMiB(server.pid);
  await server.stop();
  const line = server
    .output()
    .split('\n')
    .findLast((l) => l.includes('"msg":"event-loop delay'));
  const loop = line ? JSON.parse(line).eventLoopDelayMs : { p99: NaN, max: NaN };
  return {
    database: label,
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    'loop p99 ms': loop.p99,
    'loop max ms': loop.max,
    'RSS before MiB': before,
    'RSS after MiB': after,
    'DB processes MiB': clusterAfter ? `${clusterBefore} → ${clusterAfter}` : '(elsewhere)',
  };
}

export async function benchLoad() {
  await ensureBuild();
  console.log(
    `\n## Mixed workload, ${CONNECTIONS} connections, ${SECONDS} s (targets: p99 < 1000 ms, no errors, loop max < 100 ms)`,
  );
  const rows = [];
  const embedded = await startProductionServer({
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
  rows.push(await run('embedded default', embedded));
  const postgres = await benchDatabase('load', 'Mixed workload on PostgreSQL', {
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1',
  });
  if (postgres) {
    try {
      rows.push(await run('PostgreSQL', postgres.server));
    } finally {
      await postgres.close().catch(() => {});
    }
  }
  console.table(rows);
}
