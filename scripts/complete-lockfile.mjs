/**
 * Completes package-lock.json with entries for optional, platform-specific packages that
 * the registry mirror of our build machines does not carry (it serves only linux builds, so
 * `npm install` silently drops e.g. `@rollup/rollup-darwin-arm64`, and `npm ci` then reports
 * the lock file as out of sync).
 *
 * For every optional dependency named in the lock but missing from it, adds an entry with the
 * requested version and the `os` / `cpu` / `libc` the package name encodes, marked optional,
 * so `npm ci` validates the lock and skips the package on platforms it does not match — what
 * a lock written against the full registry records. Run after `npm install`:
 *   node scripts/complete-lockfile.mjs
 * Takes no arguments; rewrites package-lock.json in place; exits 1 when a missing package's
 * platform cannot be read from its name.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'openharmony', 'netbsd', 'sunos', 'aix'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
};

/** Reads { os, cpu, libc } from a platform package name such as `@rollup/rollup-linux-x64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const platform = {};
  for (const part of parts) {
    if (OS.includes(part)) platform.os = [part];
    else if (CPU[part]) platform.cpu = [CPU[part]];
    else if (part === 'gnueabihf' || part === 'gnu') platform.libc = ['glibc'];
    else if (part === 'musl' || part === 'musleabihf') platform.libc = ['musl'];
    else if (part === 'msvc') platform.os = ['win32'];
  }
  if (parts.includes('wasm32')) platform.cpu = ['wasm32'];
  if (parts.includes('arm') || parts.some((p) => p.startsWith('arm') && p.endsWith('eabihf'))) platform.cpu ??= ['arm'];
  return platform.cpu || platform.os ? platform : null;
}

let added = 0;
const unknown = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? path + '/' : ''}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) {
      unknown.push(dep);
      continue;
    }
    packages[`node_modules/${dep}`] = {
      version: range.replace(/^[\^~=]/, ''),
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added++;
  }
}

if (unknown.length) {
  console.error(`Cannot tell the platform of: ${unknown.join(', ')}`);
  process.exit(1);
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
writeFileSync(LOCK, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} platform entries added.`);
