// Issue #25: PostgREST 14's wording of PGRST203 (its candidates in the order
// of its `Ord Routine`: fewer parameters first, then the parameters) and of
// PGRST200's hint (`noRelBetweenHint`: a close child of a known parent, a
// close parent otherwise, null when nothing is close).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
  // Created so that newest first (the catalogue's order reversed) is not
  // PostgREST's order.
  await h.backend.ctx.db.exec(`
    create function public.pick_order(a int, b text default null)
      returns int language sql as 'select 1';
    create function public.pick_order(a int, c int default 0)
      returns int language sql as 'select 2';
    create function public.pick_order(a int, b int default 1, c int default 2)
      returns int language sql as 'select 3';
    grant execute on all functions in schema public to anon;
    create table public.usrs (id int primary key);
    create table public.qzxwvk (id int primary key);
    create table public.usres (
      id int primary key,
      owner uuid references auth.users (id)
    );
    grant select on public.usrs, public.qzxwvk, public.usres to anon;
    notify pgrst, 'reload schema';`);
  const deadline = Date.now() + 10_000;
  while ((await h.anon.from('qzxwvk').select('id')).error) {
    if (Date.now() > deadline) throw new Error('schema cache not reloaded');
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  await h?.backend.stop();
});

describe('PGRST203: ambiguous overloads', () => {
  it("lists the candidates in PostgREST's order", async () => {
    const res = await h.anon.rpc('pick_order', { a: 1 });
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: ' +
        'public.pick_order(a => integer, b => text), ' +
        'public.pick_order(a => integer, c => integer), ' +
        'public.pick_order(a => integer, b => integer, c => integer)',
    });
  });

  it('still calls the one overload the names pick', async () => {
    const res = await h.anon.rpc('pick_order', { a: 1, b: 'x' });
    expect(res.error?.code).toBe('PGRST203');
    const one = await h.anon.rpc('pick_order', { a: 1, c: 5 });
    expect(one.error?.code).toBe('PGRST203');
    const three = await h.anon.rpc('pick_order', { a: 1, b: 2, c: 3 });
    expect(three.error).toBeNull();
    expect(three.data).toBe(3);
  });
});

describe('PGRST200: hints', () => {
  const details = (parent: string, child: string, hint?: string) =>
    `Searched for a foreign key relationship between '${parent}' and '${child}${
      hint === undefined ? '' : `' using the hint '${hint}`
    }' in the schema 'public', but no matches were found.`;

  it('suggests a close child of a parent with relationships', async () => {
    const res = await h.anon.from('users').select('username, mesages(id)');
    expect(res.error?.hint).toBe(
      "Perhaps you meant 'messages' instead of 'mesages'.",
    );
  });

  it('gives a null hint for an existing child with a wrong hint', async () => {
    const res = await h.anon.from('users').select('messages!nope(id)');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'PGRST200',
      details: details('users', 'messages', 'nope'),
      hint: null,
      message:
        "Could not find a relationship between 'users' and 'messages' in the schema cache",
    });
  });

  it('gives a null hint when no child is close', async () => {
    const res = await h.anon.from('users').select('zzqqxx(id)');
    expect(res.error).toMatchObject({ code: 'PGRST200', hint: null });
  });

  it('suggests a close parent for a table without relationships', async () => {
    const res = await h.anon.from('usrs').select('id, messages(id)');
    expect(res.error).toEqual({
      code: 'PGRST200',
      details: details('usrs', 'messages'),
      hint: "Perhaps you meant 'users' instead of 'usrs'.",
      message:
        "Could not find a relationship between 'usrs' and 'messages' in the schema cache",
    });
  });

  it('suggests a parent when the origin only relates to another schema', async () => {
    // PostgREST keys relationships by the foreign table's schema: a table
    // whose only foreign key points into auth is no parent in public.
    const res = await h.anon.from('usres').select('id, messages(id)');
    expect(res.error).toMatchObject({
      code: 'PGRST200',
      hint: "Perhaps you meant 'users' instead of 'usres'.",
    });
  });

  it('gives a null hint when no parent is close', async () => {
    const res = await h.anon.from('qzxwvk').select('id, messages(id)');
    expect(res.error).toEqual({
      code: 'PGRST200',
      details: details('qzxwvk', 'messages'),
      hint: null,
      message:
        "Could not find a relationship between 'qzxwvk' and 'messages' in the schema cache",
    });
  });
});
