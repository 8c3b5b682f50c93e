import type { RealtimeChannel } from '@supabase/supabase-js';
import { insertFeedback, query } from '../../integration/db/support.ts';
import type { World } from '../../permissions/support.ts';
import { MATRIX_ROLES, sleep, type MatrixRole } from '../support.ts';
import type { Cell } from './cell.ts';
import { idsOf, owned, type Roles } from './observe.ts';

type Seen = Record<string, unknown>[];

/**
 * Every role subscribes to postgres_changes on every published table, then
 * A and B each send a feedback that their site's company opens and answers,
 * they vote on each other's and earn a badge. What each role received, by
 * table: nothing, only rows of its own, or others' rows too.
 */
export async function observeRealtime(
  w: World,
  roles: Roles,
  tables: string[],
): Promise<Record<string, Record<MatrixRole, Cell>>> {
  const seen = new Map<string, Seen>();
  const channels: RealtimeChannel[] = [];
  for (const role of MATRIX_ROLES) {
    for (const table of tables) {
      const key = `${table}|${role}`;
      seen.set(key, []);
      const channel = roles.plain[role]
        .channel(`matrix-${role}-${table}`)
        .on(
          'postgres_changes' as never,
          { event: '*', schema: 'public', table },
          (change: {
            eventType: string;
            new?: Record<string, unknown>;
            old?: Record<string, unknown>;
          }) => {
            // Refusals arrive as an error payload without a record.
            const row = { ...change.old, ...change.new };
            if (Object.keys(row).length === 0) return;
            if (process.env.SEC_PRINT === '1')
              process.stderr.write(
                `RT ${key} ${change.eventType} ${JSON.stringify(row)}\n`,
              );
            seen.get(key)!.push(row);
          },
        );
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no join ${key}`)),
          10_000,
        );
        channel.subscribe((status) => {
          if (status === 'SUBSCRIBED') {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      channels.push(channel);
    }
  }
  const a = await insertFeedback(w.t, w.id.consumerA, {
    websiteUrl: 'https://example.com/live',
    title: 'Live A',
  });
  const b = await insertFeedback(w.t, w.id.consumerB, {
    websiteUrl: 'https://example.org/live',
    title: 'Live B',
  });
  await roles.plain.consumerB
    .from('feedback_votes')
    .insert({ feedback_id: a.id, vote_type: 'upvote' });
  await roles.plain.consumerA
    .from('feedback_votes')
    .insert({ feedback_id: b.id, vote_type: 'upvote' });
  for (const [company, id, author, companyId] of [
    ['companyX', a.id, 'consumerA', w.company.X],
    ['companyY', b.id, 'consumerB', w.company.Y],
  ] as const) {
    await roles.plain[company].rpc('record_feedback_view', {
      feedback_uuid: id,
    });
    await roles.plain[company].rpc('update_feedback_status', {
      p_feedback_id: id,
      p_new_status: 'completed',
    });
    // #21: the company asks, the author answers.
    await roles.plain[company].rpc('post_company_message', {
      p_feedback_id: id,
      p_body: 'Which page?',
    });
    await roles.plain[author].rpc('post_author_reply', {
      p_feedback_id: id,
      p_company_id: companyId,
      p_body: 'The cart.',
    });
  }
  // #40 item 15: each live feedback joins a topic of its company, so its
  // author's report count changes.
  for (const [company, id] of [
    [w.company.X, a.id],
    [w.company.Y, b.id],
  ] as const)
    await query(
      w.t,
      `with t as (insert into public.feedback_topics (company_id, title)
                  values ($1, 'Live topic') returning id)
       insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
       select $1, $2, t.id, 'confirmed' from t`,
      [company, id],
    );
  await query(
    w.t,
    `insert into public.user_badges (user_id, badge_key, badge_name, badge_emoji)
     select u, 'helpful_voter', 'Helpful Voter', '👍' from unnest($1::uuid[]) u
     on conflict do nothing`,
    [[w.id.consumerA, w.id.consumerB]],
  );
  await sleep(1500);
  for (const channel of channels) await channel.unsubscribe();
  const result: Record<string, Record<MatrixRole, Cell>> = {};
  for (const table of tables) {
    result[table] = {} as Record<MatrixRole, Cell>;
    for (const role of MATRIX_ROLES) {
      const rows = seen.get(`${table}|${role}`)!;
      const ids = await idsOf(w, role);
      const own = (r: Record<string, unknown>) => owned(r, ids);
      result[table][role] =
        rows.length === 0 ? 'deny' : rows.every(own) ? 'own' : 'allow';
    }
  }
  return result;
}
