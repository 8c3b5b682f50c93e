// `npm run gen:types`: migrates a scratch in-memory database (or DATABASE_URL)
// and writes shared/db/database.types.ts from its live schema.
import { writeFileSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { generateTypes } from './gen-types.ts';

const out = process.argv[2] ?? 'shared/db/database.types.ts';
const config = await loadConfig({
  ...process.env,
  PEEGA_DATA_DIR: process.env.DATABASE_URL ? undefined : 'memory',
});
const db = await openDatabase(config);
try {
  await migrate(db, { migrationsDir: config.migrationsDir, seed: false });
  writeFileSync(out, await generateTypes(db));
  console.log(`Wrote ${out}`);
} finally {
  await db.close();
}
