// Stops `npm run test:e2e` early, with instructions, when no Chromium is installed.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROME_PATH || '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `No Chromium at ${path}. Install Debian's package (sudo apt-get install chromium) ` +
      'or set CHROME_PATH to a Chromium or Chrome executable, then run the tests again.',
  );
  process.exit(1);
}
