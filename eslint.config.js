import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries as `@typescript-eslint/no-restricted-imports` patterns (gitignore syntax, on
 * the import specifier as written: `~/…` aliases and relative paths alike).
 */

/** Server code: anything under app/server or named `*.server`, types too: a shape components
 * draw lives in app/lib (the server imports it from there), so nothing of the server's, even
 * erased, is a component's dependency. */
const SERVER_CODE = {
  group: [
    '~/server',
    '~/server/**',
    '**/server/**/*.server',
    '**/*.server',
    '**/*.server.ts',
    '**/*.server.tsx',
    '~/load-context',
    '**/load-context',
  ],
  message:
    'Components and app/lib run in the browser: never import server code (app/server, *.server, load-context), types included: move a shared type to app/lib.',
};

/** Route modules, seen from outside app/routes. */
const ROUTES = {
  group: ['~/routes/**', '**/routes/**'],
  message: 'Only React Router imports route modules: move what is shared to components/, lib/ or app/server.',
};

/** Another route's module, seen from a route: anything relative but its own generated types. */
const OTHER_ROUTES = {
  regex: String.raw`^(~/routes/|\.\.?/(?!\+types/))`,
  message:
    "A route never imports another route's module: move what two routes share to components/, lib/, a domain module or app/server/actions/.",
};

/** What reads the request or makes the answer: the route layer's, never a domain module's. */
const REQUEST_LEVEL = {
  group: [
    '@react-router/**',
    '**/answers.server',
    '**/load-context',
    '**/forms.server',
    '**/guards.server',
    '**/viewer.server',
    '**/toast.server',
    '**/step-up.server',
    '**/auth-gateway.server',
    '**/auth-actions.server',
    '**/root-data.server',
    '~/server/actions/**',
    '**/actions/*.server',
  ],
  message:
    'The domain speaks the domain: it never reads the request nor builds the answer. Take plain values from the route; throw Refused/NotFound.',
};

/** React Router itself (data, redirect, Request-reading helpers), for the domain. */
const ROUTER = {
  name: 'react-router',
  message:
    'The domain never builds a Response nor reads the request (data, redirect, …): throw Refused/NotFound and let the route answer.',
};

/** The other area's routes and components (portal and admin never import each other). */
function areaOf(other, own) {
  return {
    group: [`~/routes/${other}/**`, `~/components/${other}/**`, `**/routes/${other}/**`, `**/components/${other}/**`],
    message: `The ${own} area never imports the ${other} area's routes or components: share through components/ (not components/${other}), lib/ or app/server.`,
  };
}

/** One flat-config block per file group, refusing the given patterns (and exact `paths`). */
function boundaries(blocks) {
  return blocks.map(({ files, restrict, paths = [] }) => ({
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns: restrict }] },
  }));
}

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'bench/results/', 'scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/refs': 'off',
    },
  },
  // Module boundaries (docs/conventions.md "Boundaries"). A file matched by several of these blocks
  // takes the last one's list whole (flat config replaces a rule's options), so each block below
  // repeats the general lists it extends. A deliberate breach of each is in
  // tests/integration/lint-boundaries.test.ts.
  ...boundaries([
    { files: ['app/components/**', 'app/lib/**'], restrict: [SERVER_CODE, ROUTES] },
    { files: ['app/server/**'], restrict: [ROUTES] },
    { files: ['app/server/domain/**'], restrict: [ROUTES, REQUEST_LEVEL], paths: [ROUTER] },
    { files: ['app/routes/**'], restrict: [OTHER_ROUTES] },
    { files: ['app/routes/portal/**'], restrict: [OTHER_ROUTES, areaOf('admin', 'portal')] },
    { files: ['app/routes/admin/**'], restrict: [OTHER_ROUTES, areaOf('portal', 'admin')] },
  ]),
);
