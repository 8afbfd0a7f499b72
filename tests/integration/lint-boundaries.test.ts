/**
 * The module boundaries ESLint enforces (eslint.config.js; docs/conventions.md "Boundaries"; issue
 * 22 "Boundaries linted"): the repository's own configuration, run through ESLint's Node API on
 * in-memory files at virtual paths, refuses each kind of breach (a component importing server
 * code, a domain module importing React Router or the request layer, the portal and the admin
 * area importing each other, a route importing another route, server code importing a route)
 * and accepts the imports the code base relies on.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

const RULE = '@typescript-eslint/no-restricted-imports';
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary errors ESLint reports for `code` saved at `filePath` (relative to the repository). */
async function boundaryErrors(filePath: string, code: string): Promise<{ line: number; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  expect(result, filePath).toBeDefined();
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, `${filePath} parses`).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE && m.severity === 2).map(({ line, message }) => ({ line, message }));
}

const breaches: { name: string; file: string; code: string; says: string }[] = [
  {
    name: 'a component imports the database client',
    file: 'app/components/deals/probe.tsx',
    code: `import { db } from '~/server/db/client.server';\nexport const probe = db;\n`,
    says: 'never import server code',
  },
  {
    name: 'a component reaches a server module by a relative path',
    file: 'app/components/deals/probe.tsx',
    code: `import { env } from '../../server/env.server';\nexport const probe = env;\n`,
    says: 'never import server code',
  },
  {
    name: 'a component imports a value from a domain module',
    file: 'app/components/admin/probe.tsx',
    code: `import { UPLOAD_MESSAGES } from '~/server/domain/loans/documents.server';\nexport const probe = UPLOAD_MESSAGES;\n`,
    says: 'never import server code',
  },
  {
    name: 'a component names a type of a server module (import type)',
    file: 'app/components/admin/probe.tsx',
    code: `import type { Actor } from '~/server/domain/audit.server';\nimport { type RequestInfo } from '~/load-context';\nexport type Probe = [Actor, RequestInfo];\n`,
    says: 'never import server code',
  },
  {
    name: 'app/lib imports the load context',
    file: 'app/lib/probe.ts',
    code: `import { requestInfo } from '~/load-context';\nexport const probe = requestInfo;\n`,
    says: 'never import server code',
  },
  {
    name: "a domain module imports React Router's redirect",
    file: 'app/server/domain/probe.server.ts',
    code: `import { redirect } from 'react-router';\nexport const probe = () => redirect('/');\n`,
    says: 'The domain never builds a Response',
  },
  {
    name: "a domain module imports React Router's types",
    file: 'app/server/domain/probe.server.ts',
    code: `import type { LoaderFunctionArgs } from 'react-router';\nexport type Probe = LoaderFunctionArgs;\n`,
    says: 'The domain never builds a Response',
  },
  {
    name: 'a domain module imports the answer helpers',
    file: 'app/server/domain/probe.server.ts',
    code: `import { answer } from '../answers.server';\nexport const probe = answer;\n`,
    says: 'The domain speaks the domain',
  },
  {
    name: 'a domain module in a context folder imports the request guards',
    file: 'app/server/domain/loans/probe.server.ts',
    code: `import { getViewer } from '../../viewer.server';\nimport { requireUser } from '~/server/guards.server';\nexport const probe = [getViewer, requireUser];\n`,
    says: 'The domain speaks the domain',
  },
  {
    name: 'a domain module imports the load context',
    file: 'app/server/domain/probe.server.ts',
    code: `import { requestInfo } from '~/load-context';\nexport const probe = requestInfo;\n`,
    says: 'The domain speaks the domain',
  },
  {
    name: 'a domain module imports a form reader',
    file: 'app/server/domain/probe.server.ts',
    code: `import { readForm } from '../forms.server';\nexport const probe = readForm;\n`,
    says: 'The domain speaks the domain',
  },
  {
    name: 'a portal route imports an admin component',
    file: 'app/routes/portal/probe.tsx',
    code: `import { DealEditor } from '~/components/admin/deal-editor';\nexport default function Probe() {\n  return <DealEditor />;\n}\n`,
    says: 'The portal area never imports the admin area',
  },
  {
    name: 'an admin route imports a portal route',
    file: 'app/routes/admin/probe.tsx',
    code: `import { loader } from '~/routes/portal/profile';\nexport const probe = loader;\n`,
    says: "A route never imports another route's module",
  },
  {
    name: "a route imports a sibling route's module",
    file: 'app/routes/public/probe.tsx',
    code: `import { loader } from './home';\nexport const probe = loader;\n`,
    says: "A route never imports another route's module",
  },
  {
    name: 'server code imports a route',
    file: 'app/server/actions/probe.server.ts',
    code: `import { action } from '~/routes/admin/users';\nexport const probe = action;\n`,
    says: 'Only React Router imports route modules',
  },
];

describe('a breach of a boundary fails the lint', () => {
  for (const breach of breaches) {
    test(breach.name, async () => {
      const errors = await boundaryErrors(breach.file, breach.code);
      // Every import line is refused, with the boundary's own message.
      const importLines = breach.code.split('\n').flatMap((text, i) => (text.startsWith('import ') ? [i + 1] : []));
      expect(new Set(errors.map((e) => e.line)), breach.file).toEqual(new Set(importLines));
      for (const line of importLines) {
        expect(errors.filter((e) => e.line === line).map((e) => e.message)).toContainEqual(expect.stringContaining(breach.says));
      }
    });
  }
});

const allowed: { name: string; file: string; code: string }[] = [
  {
    name: 'a component names the shape a domain module returns (its type in app/lib) and uses lib and ui',
    file: 'app/components/admin/probe.tsx',
    code: [
      `import type { DemandRow } from '~/lib/demand';`,
      `import { type Viewer } from '~/lib/viewer';`,
      `import { usd } from '~/lib/format';`,
      `import { Badge } from '~/components/ui/badge';`,
      `import { StageBadge } from '../loans/stage';`,
      `export const probe: [DemandRow?, Viewer?] = [];`,
      `export const parts = [usd, Badge, StageBadge];`,
      '',
    ].join('\n'),
  },
  {
    name: 'a domain module uses the database, the outbox, errors, other domain modules and lib',
    file: 'app/server/domain/loans/probe.server.ts',
    code: [
      `import { db } from '../../db/client.server';`,
      `import { queueEmail } from '~/server/mail/outbox.server';`,
      `import { Refused } from '../../errors.server';`,
      `import { audit } from '../audit.server';`,
      `import { usd } from '~/lib/format';`,
      `export const probe = [db, queueEmail, Refused, audit, usd];`,
      '',
    ].join('\n'),
  },
  {
    name: 'a portal route uses its generated types, shared components, lib, the domain and the request layer',
    file: 'app/routes/portal/probe.tsx',
    code: [
      `import { redirect } from 'react-router';`,
      `import type { Route } from './+types/probe';`,
      `import { Checklist } from '~/components/loans/checklist';`,
      `import { SignedInSessions } from '~/components/account/security-cards';`,
      `import { FRAMING_BYTES } from '~/lib/body-limit';`,
      `import { listSessions } from '~/server/domain/accounts/sessions.server';`,
      `import { requireRole } from '~/server/guards.server';`,
      `import { requestInfo } from '~/load-context';`,
      `import { useRootData } from '~/root';`,
      `export type Probe = Route.LoaderArgs;`,
      `export const probe = [redirect, Checklist, SignedInSessions, FRAMING_BYTES, listSessions, requireRole, requestInfo, useRootData];`,
      '',
    ].join('\n'),
  },
];

describe('the imports the code base relies on pass', () => {
  for (const ok of allowed) {
    test(ok.name, async () => {
      expect(await boundaryErrors(ok.file, ok.code)).toEqual([]);
    });
  }
});
