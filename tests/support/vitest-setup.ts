/**
 * Per test file: a private DATA_DIR, and fails any test that logs console.error
 * unless it expects to (docs/conventions.md "Tests").
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'ormsby-test-'));

let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length) throw new Error(`console.error was called:\n${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`);
});
