// Borrower documents: upload a 100 MB file (DOCUMENT_MAX_MB raised to 200 for the bench) and
// watch the server's resident memory (target: it grows by less than 50 MB while the file
// streams to storage), then download it and report the throughput.
import { randomBytes } from 'node:crypto';
import { createWriteStream, openAsBlob, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, signedInUser, startProductionServer } from './lib.mjs';

const MB = 1024 * 1024;
const SIZE_MB = 100;

function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/** Samples the RSS of `pid` every 10 ms while `work` runs; returns [result, peak bytes]. */
async function withPeakRss(pid, work) {
  let peak = rssBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 10);
  try {
    const result = await work();
    return [result, Math.max(peak, rssBytes(pid))];
  } finally {
    clearInterval(timer);
  }
}

export async function benchDocuments() {
  await ensureBuild();
  const server = await startProductionServer({ DOCUMENT_MAX_MB: '200', LOG_LEVEL: 'warn' });
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'ormsby-bench-doc-'));
  try {
    const cookie = await signedInUser(server, { isBorrower: 'on' });
    const file = path.join(tmp, 'big.pdf');
    await new Promise((resolve, reject) => {
      const out = createWriteStream(file);
      out.on('error', reject);
      out.write('%PDF-1.7\n');
      for (let i = 0; i < SIZE_MB; i++) out.write(randomBytes(MB));
      out.end(resolve);
    });
    const upload = async (name) => {
      const body = new FormData();
      body.append('file', await openAsBlob(file), name);
      const res = await fetch(`${server.url}/dashboard/loans/documents`, {
        method: 'POST',
        headers: { Origin: server.url, Cookie: cookie },
        body,
      });
      const json = await res.json();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(json)}`);
      return json.documents[0].id;
    };
    const idle = rssBytes(server.pid);
    // Warm-up with a small file: code paths loaded, then let the heap settle.
    const small = path.join(tmp, 'small.pdf');
    await new Promise((resolve) => createWriteStream(small).end('%PDF-1.7\n' + 'x'.repeat(100_000), resolve));
    const smallBody = new FormData();
    smallBody.append('file', await openAsBlob(small), 'warmup.pdf');
    const warm = await fetch(`${server.url}/dashboard/loans/documents`, {
      method: 'POST',
      headers: { Origin: server.url, Cookie: cookie },
      body: smallBody,
    });
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}`);
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssBytes(server.pid);
    const started = performance.now();
    const [id, peak] = await withPeakRss(server.pid, () => upload('Appraisal 100MB.pdf'));
    const uploadSeconds = (performance.now() - started) / 1000;

    const downloadStarted = performance.now();
    const [downloaded, downloadPeak] = await withPeakRss(server.pid, async () => {
      const res = await fetch(`${server.url}/documents/${id}/download`, { headers: { Cookie: cookie } });
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      return bytes;
    });
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;

    console.log(`\n## Documents: a ${SIZE_MB} MB upload and its download (production build, local-disk storage)`);
    console.table([
      {
        step: 'upload',
        'MB/s': +((SIZE_MB + 1 / MB) / uploadSeconds).toFixed(1),
        'RSS before MB': +(before / MB).toFixed(1),
        'RSS peak MB': +(peak / MB).toFixed(1),
        'RSS growth MB': +((peak - before) / MB).toFixed(1),
      },
      {
        step: 'download',
        'MB/s': +(downloaded / MB / downloadSeconds).toFixed(1),
        'RSS before MB': +(before / MB).toFixed(1),
        'RSS peak MB': +(downloadPeak / MB).toFixed(1),
        'RSS growth MB': +((downloadPeak - before) / MB).toFixed(1),
      },
    ]);
    console.log(`server RSS when idle after start: ${(idle / MB).toFixed(1)} MB`);
    console.log(
      `target: upload RSS growth < 50 MB (measured ${((peak - before) / MB).toFixed(1)} MB); downloaded ${(downloaded / MB).toFixed(1)} MB`,
    );
  } finally {
    await server.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}
