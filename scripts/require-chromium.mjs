// `npm test` drives Debian's Chromium; say how to get it instead of failing obscurely.
import { accessSync, constants } from 'node:fs';

const path = process.env.PEEGA_CHROMIUM ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    [
      `Chromium was not found at ${path}; the end-to-end tests need it.`,
      'Install Debian\'s build (never "npx playwright install", which downloads a browser):',
      '  sudo apt-get update && sudo apt-get install -y chromium',
      'or point PEEGA_CHROMIUM at another Chromium binary.',
    ].join('\n'),
  );
  process.exit(1);
}
