// #39: a backend started from a copy of a template builds its first schema
// cache from catalog rows read once from another copy (tests/support/
// templates.ts catalogStore) instead of querying the catalog again. The rows
// must survive being stored as JSON, the first load must take them, and any
// later reload must read the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogStore } from '../../../supabase/local/rest/index.ts';
import {
  buildSchemaCache,
  readCatalog,
  type CatalogRows,
} from '../../../supabase/local/rest/schema-cache.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

const SCHEMAS = ['public', 'graphql_public'];
let first: TestBackend;
let rows: CatalogRows;
beforeAll(async () => {
  first = await startTestBackend();
  rows = await readCatalog(first.ctx.db, SCHEMAS);
});
afterAll(() => first.stop());

describe('catalog rows stored with a template', () => {
  it('build the same schema cache after a JSON round trip', () => {
    expect(rows.tables.length).toBeGreaterThan(20);
    expect(rows.timezones).toContain('Europe/Paris');
    const stored = JSON.parse(JSON.stringify(rows)) as CatalogRows;
    expect(buildSchemaCache(stored)).toEqual(buildSchemaCache(rows));
  });

  it('serve the first load; a reload reads the database; a store without rows is given them', async () => {
    // Rows without one table: the new backend does not know it until a
    // reload reads the catalog, which proves the first load took the rows.
    const without = {
      ...rows,
      tables: rows.tables.filter((t) => t.name !== 'badges'),
    };
    const asked: string[][] = [];
    const store: CatalogStore = {
      get: (schemas) => {
        asked.push(schemas);
        return without;
      },
      set: () => {
        throw new Error('rows came from the store');
      },
    };
    const b = await startTestBackend({
      env: { PGRST_DB_SCHEMAS: SCHEMAS.join(',') },
      catalog: store,
    });
    try {
      const anon = b.client();
      expect(asked).toEqual([SCHEMAS]);
      const missing = await anon.from('badges').select('key').limit(1);
      expect(missing.error?.code).toBe('PGRST205');
      await b.backend.ctx.db.exec(`notify pgrst, 'reload schema'`);
      const deadline = Date.now() + 5000;
      let found = missing;
      while (found.error && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        found = await anon.from('badges').select('key').limit(1);
      }
      expect(found.error).toBeNull();
      expect(asked).toHaveLength(1);
    } finally {
      await b.stop();
    }

    const given: CatalogRows[] = [];
    const empty = await startTestBackend({
      env: { PGRST_DB_SCHEMAS: SCHEMAS.join(',') },
      catalog: { get: () => undefined, set: (r) => given.push(r) },
    });
    try {
      expect(given).toHaveLength(1);
      expect(given[0]!.schemas).toEqual(SCHEMAS);
      expect(given[0]!.tables.map((t) => t.name)).toContain('badges');
    } finally {
      await empty.stop();
    }
  });
});
