/**
 * Starts the production build (`node server.js`, NODE_ENV=production) as a child process on a
 * free port, for tests that must kill, restart or stop the server themselves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** A port the system says is free now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts a server with `env` (on `env.PORT` when given, else a free port); resolves once healthy. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['server.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A server that dies under a test leaves the test only a refused connection: say why here
  // ('close' comes after the last of its output, which can arrive after 'exit').
  child.once('close', (code, signal) => {
    if (!child.killed)
      process.stderr.write(
        `The server on port ${port} exited by itself (${code ?? signal}); its last output:\n${out.slice(-20_000)}\n`,
      );
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return { url, port, process: child, output: () => out, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${out}`);
}
