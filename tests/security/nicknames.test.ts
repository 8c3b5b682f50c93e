import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { createUser, one, query } from '../integration/db/support.ts';

// L3: nicknames were unique only byte for byte, so "Grace" and "grace" could
// both sit on the leaderboard and pass for one another.

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
});
