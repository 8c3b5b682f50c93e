import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fixedPort } from '../../support/process.ts';

// `npm start` is the README's promise: build what is missing, start with demo
// data, print where everything is, and stop cleanly on SIGTERM.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peega-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// It runs `npm start` on PGlite whatever the pass's database, so in the first
// pass of the backend suites only (scripts/test-db.ts --secondary).
it.skipIf(process.env.PEEGA_TEST_PASS === 'secondary')(
  'starts Peega with demo data and prints what it promises',
  async () => {
    const port = await fixedPort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn('npm', ['start'], {
      env: {
        ...process.env,
        PORT: String(port),
        PEEGA_PUBLIC_URL: url,
        PEEGA_DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, signalled as a whole below.
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    try {
      await expect
        .poll(() => out, { timeout: 240_000, interval: 500 })
        .toContain('Peega is running at');
      expect(out).toContain(`Peega is running at ${url}`);
      expect(out).toContain(`${url}/_mail`);
      expect(out).toContain('consumer@example.com');
      expect(out).toContain('company@example.com');
      expect(out).toContain('admin@example.com');
      expect(out).toContain('demo-password');
      expect(out).toContain(path.resolve('.output/chrome-mv3'));
      // The extension is built for this server's address (issue #19 item 2),
      // and /extension says so.
      expect(
        readFileSync(
          path.resolve('.output/extension-backend.chrome.txt'),
          'utf8',
        ).trim(),
      ).toBe(url);
      expect(await (await fetch(`${url}/extension`)).text()).toContain(
        `This build of the extension talks to <code>${url}</code>.`,
      );

      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root">');
      const config = (await (await fetch(`${url}/config.json`)).json()) as {
        supabaseUrl: string;
        supabaseAnonKey: string;
      };
      expect(config.supabaseUrl).toBe(url);
      const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          apikey: config.supabaseAnonKey,
        },
        body: JSON.stringify({
          email: 'consumer@example.com',
          password: 'demo-password',
        }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      // As a terminal's Ctrl-C does, the signal goes to the whole group (npm,
      // its shell, tsx and the backend): sent to npm alone it left the backend
      // running behind a shell that does not pass it on.
      const exited = new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(null);
        else child.once('exit', resolve);
      });
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
    expect(child.exitCode === 0 || child.signalCode === 'SIGTERM').toBe(true);
    // And it stops: nothing answers on its address any more.
    await expect
      .poll(
        () =>
          fetch(url).then(
            () => 'answering',
            () => 'stopped',
          ),
        { timeout: 20_000, interval: 250 },
      )
      .toBe('stopped');
    expect(out).not.toMatch(/Error|failed/);
  },
  300_000,
);
