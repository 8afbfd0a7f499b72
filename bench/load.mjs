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
import { BENCH_ADMIN, benchDatabase, ensureBuild, signedInUser, signInAdmin, startProductionServer } from './lib.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const BORROWERS = 100;

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

/** A small valid PDF of about `bytes` bytes (file-type knows it by its header). */
function pdf(bytes) {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes - head.length - 6, 0x20), Buffer.from('\n%%EOF')]);
}

function multipart(file) {
  const boundary = '----ormsbybench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBank statement\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function workload(server) {
  const investor = await signedInUser(server, { isInvestor: 'on', accredited: 'yes', income: 'over-300k' });
  const admin = await signInAdmin(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const borrowers = [];
  for (let i = 0; i < BORROWERS; i += 10)
    borrowers.push(
      ...(await Promise.all(Array.from({ length: 10 }, () => signedInUser(server, { isBorrower: 'on', loanType: 'bridge' })))),
    );
  const dealsHtml = await (await fetch(`${server.url}/deals`, { headers: { Cookie: investor } })).text();
  const deal = /href="(\/deal\/[0-9a-f-]{36})"/.exec(dealsHtml)?.[1];
  if (!deal) throw new Error('no deal on /deals');
  const upload = multipart(pdf(64 * 1024));
  let next = 0;
  const page = (path, cookie) => ({ method: 'GET', path, headers: cookie ? { cookie } : {} });
  return [
    page('/'),
    page('/about'),
    page('/deals', investor),
    page(deal, investor),
    page('/admin-dashboard/users', admin),
    page('/borrowers'),
    {
      method: 'POST',
      path: '/dashboard/loans/documents',
      body: upload.body,
      headers: { origin: server.url, 'content-type': upload.contentType },
      // Each upload from the next borrower in turn.
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: borrowers[next++ % borrowers.length] } }),
    },
    page('/deals?page=2', investor),
    page('/admin-dashboard/users?q=bench', admin),
    page('/contact'),
  ];
}

async function run(label, server) {
  const requests = await workload(server).catch(async (error) => {
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
