/** The Chromium Playwright drives: CHROME_PATH or Debian's /usr/bin/chromium (docs/stack-notes.md). */
export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
