import path from 'node:path';
import { loadConfig } from './config.ts';
import { startBackend } from './start.ts';

/** `npm run backend` / `npm start`: runs the embedded backend until interrupted. */
async function main() {
  const config = await loadConfig();
  const backend = await startBackend(config);
  const { url } = backend;
  const lines = [
    '',
    `Peega is running at ${url}`,
    `  Supabase API   ${url}  (auth, rest, storage, realtime, functions)`,
    `  Database       ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir === 'memory' ? 'memory' : path.resolve(config.dataDir)}`}`,
    `  Mode           ${config.demoMode ? 'demo (well-known local keys)' : 'production keys'}`,
    config.webDist
      ? `  Web app        ${url}/`
      : '  Web app        not built (npm run build:web)',
  ];
  if (config.mailbox)
    lines.push(
      `  Mailbox        ${url}/_mail  (every e-mail the backend would send)`,
    );
  if (backend.migrations.applied.length)
    lines.push(`  Migrations     applied ${backend.migrations.applied.length}`);
  if (config.demoMode && config.seed) {
    lines.push(
      '',
      'Demo accounts (password: demo-password):',
      '  consumer@example.com, consumer2@example.com  consumers',
      '  company@example.com (example.com, Free), other@example.org (example.org, Pro),',
      '  advanced@notexample.com (notexample.com, Advanced)  company owners',
      '  teammate@example.org (member of Example Org), admin@notexample.com (admin of Not Example)',
      '  admin@example.com  blog admin',
    );
  }
  lines.push(
    '',
    `Extension: load ${path.resolve('.output/chrome-mv3')} as an unpacked extension (chrome://extensions → Developer mode).`,
    '',
  );
  console.log(lines.join('\n'));

  const shutdown = () => {
    backend.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
