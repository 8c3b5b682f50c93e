// Response representations: JSON arrays, single objects, stripped nulls,
// CSV, HEAD, the OpenAPI root, and the headers that go with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

describe('JSON', () => {
  it('application/json; charset=utf-8 with Content-Profile', async () => {
    const res = await h.http('/users?select=username&limit=1');
    expect(res.headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
    expect(res.headers.get('content-profile')).toBe('public');
  });

  it('single(): one object, or 406 PGRST116', async () => {
    const one = await h.anon
      .from('users')
      .select('username')
      .eq('username', 'supabot')
      .single();
    expect(one).toMatchObject({ status: 200, data: { username: 'supabot' } });
    const many = await h.anon.from('users').select().single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 5 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const raw = await h.http('/users?username=eq.nobody', {
      headers: { accept: 'application/vnd.pgrst.object+json' },
    });
    expect(raw.status).toBe(406);
    expect(raw.json).toMatchObject({ details: 'The result contains 0 rows' });
    const ok = await h.http('/users?select=username&username=eq.supabot', {
      headers: { accept: 'application/vnd.pgrst.object+json' },
    });
    expect(ok.headers.get('content-type')).toBe(
      'application/vnd.pgrst.object+json; charset=utf-8',
    );
  });

  it('maybeSingle(): null for no rows (client-side)', async () => {
    const none = await h.anon
      .from('users')
      .select()
      .eq('username', 'nobody')
      .maybeSingle();
    expect(none).toMatchObject({ status: 200, data: null, error: null });
    const many = await h.anon.from('users').select().maybeSingle();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
  });

  it('stripNulls() drops null-valued keys', async () => {
    const res = await h.anon
      .from('user_profiles')
      .select('id, username')
      .order('id')
      .stripNulls();
    expect(res.data).toEqual([{ id: 1, username: 'supabot' }, { id: 2 }]);
    const raw = await h.http('/user_profiles?id=eq.2', {
      headers: { accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
    });
    expect(raw.json).toEqual({ id: 2 });
  });

  it('Accept with quality factors picks the best available type', async () => {
    const res = await h.http('/users?select=username&limit=1', {
      headers: { accept: 'text/html;q=0.9, text/csv;q=0.5, application/json' },
    });
    expect(res.headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
  });
});

describe('CSV', () => {
  it('.csv() returns a header line and one line per row', async () => {
    const res = await h.anon
      .from('users')
      .select('username, status')
      .order('username')
      .limit(2)
      .csv();
    expect(res.status).toBe(200);
    expect(res.data).toBe('username,status\nawailas,ONLINE\ndragarcia,ONLINE');
    const raw = await h.http('/cornercase?select=id,array_column&id=eq.1', {
      headers: { accept: 'text/csv' },
    });
    expect(raw.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(raw.text).toBe('id,array_column\n1,"{test,one}"');
  });
});

describe('HEAD and the root', () => {
  it('HEAD has the headers of GET and no body', async () => {
    const res = await h.http('/users?select=username', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers.get('content-range')).toBe('0-4/*');
    expect(res.headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
  });

  it('GET / is an OpenAPI (Swagger 2.0) description', async () => {
    const res = await h.http('/', {
      headers: { accept: 'application/openapi+json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/openapi+json; charset=utf-8',
    );
    const doc = res.json as {
      swagger: string;
      paths: Record<string, unknown>;
      definitions: Record<string, { properties: Record<string, unknown> }>;
    };
    expect(doc.swagger).toBe('2.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/', '/users', '/rpc/get_status']),
    );
    expect(doc.definitions.users?.properties.username).toMatchObject({
      type: 'string',
      format: 'text',
    });
    const bad = await h.http('/', { headers: { accept: 'text/csv' } });
    expect(bad.status).toBe(406);
  });
});
