/**
 * Docs that stay true (issue 22; docs/conventions.md "Comments and docstrings": docs never name a
 * file that does not exist). No database: it reads the route config and the Markdown files.
 *
 * 1. The route tables of docs/product.md §2.1 (pages) and §2.2 (resource routes) list exactly the
 *    routes of app/routes.ts, each with its module: a route missing from the docs, or a row with no
 *    such route, fails by name.
 * 2. Every repository path that README.md, bench/README.md and docs/**\/*.md name exists. The rule,
 *    for inline code (fenced blocks are commands and are not read), split into words:
 *    - skipped: placeholders and globs (`{id}`, `<route>`, `*`, `…`, `NNNN`), URLs and site or
 *      machine paths (`:`, a leading `/`), npm packages (`@scope/…`), variables (`DATA_DIR/…`,
 *      `A=b`) and what the running site writes (`data/…`, `./data`, `build/…`);
 *    - a word with a `/` that starts with a top-level folder (`app/`, `server/`, `tests/`,
 *      `scripts/`, `cli/`, `drizzle/`, `docs/`, `bench/`, `public/`, `.ci/`) or ends in a file
 *      extension must exist relative to the repository root, `app/`, `app/routes/` or `app/server/`
 *      (the short forms the docs use: `public/home.tsx`, `components/…`, `domain/…`);
 *    - a bare file name (`auth.server.ts`) must be the name of some file in the repository;
 *    - a Markdown link to a relative file must exist relative to the document.
 *    Every `npm run X` names a script of package.json, and docs/architecture.md's range of
 *    migrations ends at the newest file in drizzle/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');

// ---------------------------------------------------------------------------------------------
// 1. Route tables
// ---------------------------------------------------------------------------------------------

/** Every route that renders or answers (layouts dropped), as `/path → module under app/routes/`. */
function flatten(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}` : parent;
    if (entry.children?.length) return flatten(entry.children, full);
    const docsPath = (full || '/').replace(/:(\w+)/g, '{$1}');
    return [`${docsPath} → ${entry.file.replace(/^routes\//, '')}`];
  });
}

/** Splits a Markdown table row on unescaped pipes. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/**
 * The rows of the table under `heading` in docs/product.md, as `/path → module`. A cell with several
 * paths pairs them with as many modules in order, or with one module for all.
 */
function tableRoutes(heading: string, moduleColumn: string): { routes: string[]; problems: string[] } {
  const lines = read('docs/product.md').split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  if (start < 0) throw new Error(`docs/product.md has no heading '${heading}'`);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const header = cells(lines[first]!);
  const pathAt = header.indexOf('Path');
  const moduleAt = header.indexOf(moduleColumn);
  if (pathAt < 0 || moduleAt < 0) throw new Error(`${heading}: the table needs the columns 'Path' and '${moduleColumn}'`);
  const found: string[] = [];
  const problems: string[] = [];
  for (let i = first + 2; lines[i]?.startsWith('|'); i++) {
    const row = cells(lines[i]!);
    const pathCell = row[pathAt] ?? '';
    const moduleCell = row[moduleAt] ?? '';
    if (/\bExpress\b/.test(moduleCell)) continue; // served by server/app.ts, not React Router
    const paths = pathCell === 'any other path' ? ['/*'] : code(pathCell).filter((p) => p.startsWith('/'));
    const modules = code(moduleCell).filter((m) => /\.tsx?$/.test(m));
    if (!paths.length || !modules.length || (modules.length > 1 && modules.length !== paths.length)) {
      problems.push(`docs/product.md:${i + 1}: cannot pair paths [${paths.join(', ')}] with modules [${modules.join(', ')}]`);
      continue;
    }
    paths.forEach((p, n) => found.push(`${p} → ${modules[modules.length > 1 ? n : 0]}`));
  }
  return { routes: found, problems };
}

describe('the route tables of docs/product.md §2', () => {
  it('list exactly the routes of app/routes.ts, each with its module', () => {
    const inCode = flatten(routes);
    const pages = tableRoutes('### 2.1 Pages', 'Route module');
    const resources = tableRoutes('### 2.2 Resource routes', 'Module');
    const documented = [...pages.routes, ...resources.routes];
    expect(pages.problems.concat(resources.problems)).toEqual([]);
    expect({
      'missing from docs/product.md §2': inCode.filter((route) => !documented.includes(route)),
      'in docs/product.md §2 but not in app/routes.ts': documented.filter((route) => !inCode.includes(route)),
    }).toEqual({ 'missing from docs/product.md §2': [], 'in docs/product.md §2 but not in app/routes.ts': [] });
    expect(new Set(documented).size, 'a route listed twice').toBe(documented.length);
  });

  it('put resource modules (routes/resources/) in §2.2 and page modules in §2.1', () => {
    const pages = tableRoutes('### 2.1 Pages', 'Route module');
    const resources = tableRoutes('### 2.2 Resource routes', 'Module');
    expect(pages.routes.filter((route) => route.includes('→ resources/'))).toEqual([]);
    expect(resources.routes.filter((route) => !route.includes('→ resources/'))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. File paths
// ---------------------------------------------------------------------------------------------

const TOP_FOLDERS = ['app', 'server', 'tests', 'scripts', 'cli', 'drizzle', 'docs', 'bench', 'public', '.ci'];
const BASES = ['', 'app', 'app/routes', 'app/server'];
const EXTENSION = /\.(tsx?|[mc]?js|json|md|sql|css|sh|ya?ml|html|txt|svg|png|webp|jpe?g|pdf|xml)$/;
const SKIP = /[{}<>*…|=$:]|\.\.\.|NNNN|^\/|^@|^~|^(?:\.\/)?data(?:\/|$)|^build\/|^[A-Z0-9_]+\//;

function repoFileNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else names.add(entry.name);
    }
  };
  for (const entry of fs.readdirSync(repo, { withFileTypes: true })) {
    if (entry.isDirectory() && TOP_FOLDERS.includes(entry.name)) walk(entry.name);
    else if (entry.isFile()) names.add(entry.name);
  }
  return names;
}

/**
 * The paths named in one Markdown document that do not exist, as `doc:line: token`, by the rule in
 * this file's docstring. `doc` is relative to the repository root.
 */
export function missingPaths(doc: string, text: string, fileNames: Set<string>): string[] {
  const exists = (p: string) => fs.existsSync(path.join(repo, p));
  const missing: string[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced || /^\s*```/.test(line)) return;
    const where = `${doc}:${i + 1}`;
    for (const span of code(line)) {
      for (const word of span.split(/\s+/).filter(Boolean)) {
        if (SKIP.test(word)) continue;
        const bare = word.replace(/\/$/, '');
        if (bare.includes('/')) {
          const checked = TOP_FOLDERS.includes(bare.split('/')[0]!) || EXTENSION.test(bare);
          if (checked && !BASES.some((base) => exists(path.join(base, bare)))) missing.push(`${where}: \`${word}\``);
        } else if (/^\w[\w.-]*$/.test(bare) && EXTENSION.test(bare) && !fileNames.has(bare)) {
          missing.push(`${where}: \`${word}\``);
        }
      }
    }
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!.replace(/#.*$/, '');
      if (!target || /^(?:[a-z]+:|\/)/.test(target)) continue;
      if (!exists(path.join(path.dirname(doc), target))) missing.push(`${where}: link (${match[1]})`);
    }
  });
  return missing;
}

describe('file paths named in the docs', () => {
  const fileNames = repoFileNames();
  const docs = [
    'README.md',
    'bench/README.md',
    ...fs
      .readdirSync(path.join(repo, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .map((file) => `docs/${file}`),
  ];

  it('all exist', () => {
    expect(docs.flatMap((doc) => missingPaths(doc, read(doc), fileNames))).toEqual([]);
  });

  it('name only npm scripts that package.json has', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const unknown = docs.flatMap((doc) =>
      read(doc)
        .split('\n')
        .flatMap((line, i) =>
          [...line.matchAll(/npm run ([\w:-]+)/g)].filter((m) => !scripts.includes(m[1]!)).map((m) => `${doc}:${i + 1}: ${m[0]}`),
        ),
    );
    expect(unknown).toEqual([]);
  });

  it('give the migrations up to the newest in drizzle/', () => {
    const newest = fs
      .readdirSync(path.join(repo, 'drizzle'))
      .filter((file) => /^\d{4}_.*\.sql$/.test(file))
      .sort()
      .at(-1)!
      .slice(0, 4);
    const ranges = [...read('docs/architecture.md').matchAll(/migrations (\d{4})–(\d{4})/g)].map((m) => `${m[1]}–${m[2]}`);
    expect(ranges).toEqual([`0000–${newest}`]);
  });

  it('are checked strictly enough to catch a moved module, and placeholders are skipped', () => {
    const text = [
      'The audit lives in `app/server/domain/accounts/audit.server.ts` and `domain/loans/rules.server.ts`,',
      'see `no-such-module.server.ts`, [the notes](no-such-notes.md) and `tests/e2e/gone/`.',
      'Fine: `app/server/domain/audit.server.ts`, `public/home.tsx`, `components/forms.tsx`, `auth.server.ts`,',
      '`docs/decisions/NNNN-title.md`, `/deal/{id}`, `DATA_DIR/mail/`, `tests/e2e/*.spec.ts`, [product](product.md).',
    ].join('\n');
    expect(missingPaths('docs/example.md', text, fileNames)).toEqual([
      'docs/example.md:1: `app/server/domain/accounts/audit.server.ts`',
      'docs/example.md:1: `domain/loans/rules.server.ts`',
      'docs/example.md:2: `no-such-module.server.ts`',
      'docs/example.md:2: `tests/e2e/gone/`',
      'docs/example.md:2: link (no-such-notes.md)',
    ]);
  });
});
