// Global setup of the `supabase` project: a database prepared as hosted
// Supabase prepares a project and migrated by `supabase db push`, shared by
// the files. `npm run test:supabase` hands over the one it pushed
// (PEEGA_SUPABASE_DB_URL); otherwise one is made on DATABASE_URL's server and
// dropped afterwards. Without either, the files skip.
import type { TestProject } from 'vitest/node';
import { prepareHostedLike, push } from '../../scripts/supabase-cli.ts';

declare module 'vitest' {
  interface ProvidedContext {
    supabaseDbUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.PEEGA_SUPABASE_DB_URL;
  const server = process.env.DATABASE_URL;
  if (given || !server) {
    project.provide('supabaseDbUrl', given ?? null);
    return;
  }
  const db = await prepareHostedLike(server);
  const pushed = push(db.url);
  if (pushed.status !== 0) {
    await db.drop();
    throw new Error(
      `supabase db push failed:\n${pushed.stdout}${pushed.stderr}`,
    );
  }
  project.provide('supabaseDbUrl', db.url);
  return () => db.drop();
}
