// `npm test` drives Debian's Chromium and firefox-esr; say how to get them
// instead of failing obscurely.
import { accessSync, constants } from 'node:fs';

const browsers = [
  {
    name: 'Chromium',
    path: process.env.PEEGA_CHROMIUM ?? '/usr/bin/chromium',
    pkg: 'chromium',
    env: 'PEEGA_CHROMIUM',
    what: 'the end-to-end tests need it',
  },
  {
    name: 'Firefox',
    path: process.env.PEEGA_FIREFOX ?? '/usr/bin/firefox-esr',
    pkg: 'firefox-esr',
    env: 'PEEGA_FIREFOX',
    what: "the Firefox extension's end-to-end test needs it",
  },
];
let missing = false;
for (const b of browsers) {
  try {
    accessSync(b.path, constants.X_OK);
  } catch {
    missing = true;
    console.error(
      [
        `${b.name} was not found at ${b.path}; ${b.what}.`,
        'Install Debian\'s build (never "npx playwright install", which downloads a browser):',
        `  sudo apt-get update && sudo apt-get install -y ${b.pkg}`,
        `or point ${b.env} at another ${b.name} binary.`,
      ].join('\n'),
    );
  }
}
if (missing) process.exit(1);
