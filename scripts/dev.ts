// `npm run dev`: the embedded backend (restarted on change), the web app with
// hot reload (proxying the Supabase paths to the backend) and the extension in watch mode.
import { spawn, type ChildProcess } from 'node:child_process';
import { publicUrlFromEnv } from '../shared/domain/public-url.ts';

const port = process.env.PORT ?? '3000';
const backendUrl = `http://127.0.0.1:${port}`;

const tasks: [string, string[], Record<string, string>][] = [
  [
    'backend',
    ['tsx', 'watch', '--clear-screen=false', 'supabase/local/main.ts'],
    { PORT: port },
  ],
  [
    'web',
    ['vite', '--config', 'web/vite.config.ts', '--host', '127.0.0.1'],
    { PEEGA_BACKEND_URL: backendUrl },
  ],
  [
    'extension',
    ['wxt'],
    { PEEGA_PUBLIC_URL: publicUrlFromEnv({ ...process.env, PORT: port }) },
  ],
];

const children: ChildProcess[] = tasks.map(([name, args, env]) => {
  const child = spawn('npx', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${name}] ${l}`)
      .join('\n') + '\n';
  child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    stop(code ?? 1);
  });
  return child;
});

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
