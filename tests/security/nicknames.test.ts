import { readFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { createUser, one, query } from '../integration/db/support.ts';

// L3: nicknames were unique only byte for byte, so "Grace" and "grace" could
// both sit on the leaderboard and pass for one another.
const migration = readFileSync(
  new URL(
    '../../supabase/migrations/20261125110001_unique_nicknames.sql',
    import.meta.url,
  ),
  'utf8',
);

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const nicknameOf = async (id: string) =>
  (
    await one<{ nickname: string }>(
      t,
      'select nickname from public.profiles where id = $1',
      [id],
    )
  ).nickname;

describe('nicknames are unique case-insensitively', () => {
  it('a nickname taken in another case is refused with the form message', async () => {
    const grace = await createUser(t);
    const copycat = await createUser(t);
    const first = await grace.client
      .from('profiles')
      .update({ nickname: 'Amazing Grace' })
      .eq('id', grace.id)
      .select('nickname');
    expect(first.error).toBeNull();
    const before = await nicknameOf(copycat.id);
    for (const nickname of [
      'amazing grace',
      'AMAZING GRACE',
      ' Amazing Grace ',
    ]) {
      const res = await copycat.client
        .from('profiles')
        .update({ nickname })
        .eq('id', copycat.id)
        .select('nickname');
      expect(res.error?.code).toBe('23505');
      expect(res.error?.message).toBe('This nickname is already taken.');
    }
    expect(await nicknameOf(copycat.id)).toBe(before);
    // The owner may change the case of their own nickname.
    const own = await grace.client
      .from('profiles')
      .update({ nickname: 'AMAZING grace' })
      .eq('id', grace.id)
      .select('nickname');
    expect(own.error).toBeNull();
  });

  it('a sign-up whose default nickname is taken still succeeds, with another one', async () => {
    const id = randomUUID();
    const [{ nickname: taken } = { nickname: '' }] = await query<{
      nickname: string;
    }>(t, 'select private.default_nickname($1) as nickname', [id]);
    const holder = await createUser(t);
    await query(t, 'update public.profiles set nickname = $2 where id = $1', [
      holder.id,
      taken.toLowerCase(),
    ]);
    const user = await createUser(t, { id });
    const nickname = await nicknameOf(user.id);
    expect(nickname).toMatch(/^Peeger/);
    expect(nickname.toLowerCase()).not.toBe(taken.toLowerCase());
  });

  it('the migration renames existing case-duplicates deterministically, oldest first', async () => {
    // The database as production had it before the migration.
    await t.ctx.db.exec(`
      drop trigger profiles_check_nickname on public.profiles;
      drop function private.profile_check_nickname();
      drop index public.profiles_nickname_lower_key;`);
    const users = [];
    for (const nickname of ['Speedy', 'speedy', 'SPEEDY', 'Unique one']) {
      const u = await createUser(t);
      await query(t, 'update public.profiles set nickname = $2 where id = $1', [
        u.id,
        nickname,
      ]);
      users.push(u);
    }
    const [oldest, second, third, unique] = users.map((u) => u.id);
    await query(
      t,
      `update public.profiles set created_at = now() - make_interval(days => 10 - $2::int)
        where id = $1`,
      [oldest, 0],
    );
    await t.ctx.db.exec(migration);
    const tag = (id: string) =>
      createHash('md5').update(id).digest('hex').slice(0, 6);
    expect(await nicknameOf(oldest!)).toBe('Speedy');
    const renamed = [await nicknameOf(second!), await nicknameOf(third!)];
    expect(renamed.sort()).toEqual(
      [`speedy-${tag(second!)}`, `SPEEDY-${tag(third!)}`].sort(),
    );
    expect(await nicknameOf(unique!)).toBe('Unique one');
    const dupes = await query(
      t,
      `select lower(nickname) from public.profiles
        group by lower(nickname) having count(*) > 1`,
    );
    expect(dupes).toEqual([]);
  });
});
