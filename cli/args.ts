/** Reads `--name value` pairs from argv (for the small CLI commands). */
export function readArgs(argv = process.argv.slice(2)): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    out[key] = inline ?? argv[++i] ?? '';
  }
  return out;
}
