/**
 * Durability and graceful shutdown of the production server (issue: foundation).
 * - A contact stored on a DATA_DIR that did not exist survives SIGKILL and a restart.
 * - A request in flight when SIGTERM arrives still gets its response; the process exits 0.
 */
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';
import { solveAltcha } from '../support/altcha';
import { startServer } from '../support/server-process';
import { newDataDir } from '../support/data-dir';

test.describe.configure({ mode: 'serial' });

async function postContact(url: string, name: string) {
  const challenge = await (await fetch(`${url}/api/altcha/challenge`)).json();
  const body = new URLSearchParams({
    name,
    email: 'durable@example.com',
    phone: '',
    note: 'Please call me',
    altcha: await solveAltcha(challenge),
  });
  return fetch(`${url}/contact`, {
    method: 'POST',
    headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
}

test('a contact stored on a new DATA_DIR survives SIGKILL and restart', async () => {
  test.setTimeout(180_000);
  const dataDir = path.join(newDataDir('durable'), 'does', 'not', 'exist');
  const first = await startServer({ DATA_DIR: dataDir });
  const res = await postContact(first.url, 'Durable Dana');
  expect(res.status, first.output()).toBe(200);
  // SIGKILL leaves the embedded PostgreSQL running without its owner: the restart must stop it.
  first.process.kill('SIGKILL');
  await first.exited;

  const second = await startServer({ DATA_DIR: dataDir });
  second.process.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  // The owner stopped its cluster on SIGTERM; started again here, it holds the contact.
  const cluster = await startEmbeddedPostgres(dataDir);
  expect(cluster.owned).toBe(true);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const { rows } = await client.query<{ name: string; status: string }>('select name, status from contact');
  await client.end();
  await cluster.stop();
  expect(rows).toEqual([{ name: 'Durable Dana', status: 'new' }]);
});

test('SIGTERM lets an in-flight request finish, then the process exits 0', async () => {
  test.setTimeout(120_000);
  const dataDir = newDataDir('term');
  const server = await startServer({ DATA_DIR: dataDir });
  // A slow client: send the headers and half of the body, then SIGTERM, then the rest.
  const body = 'name=Slow+Sam&email=slow%40example.com&note=hello&altcha=';
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let response = '';
  socket.on('data', (d) => (response += d));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // 'Expect: 100-continue': the server says '100 Continue' once it has read the headers, so the
  // request is known to be in flight before SIGTERM, without waiting a fixed time.
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: localhost:${server.port}\r\nOrigin: ${server.url}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n` +
      `Expect: 100-continue\r\n\r\n`,
  );
  await expect.poll(() => response.includes('100 Continue')).toBe(true);
  socket.write(body.slice(0, 20));
  server.process.kill('SIGTERM');
  await expect.poll(() => server.output().includes('shutting down')).toBe(true);
  expect(server.process.exitCode).toBeNull(); // still waiting for the in-flight request
  socket.write(body.slice(20));
  await closed;
  // The request was answered in full: the contact action refuses the empty spam check (400).
  expect(response).toMatch(/HTTP\/1\.1 400 /);
  expect(await server.exited).toBe(0);
});
