import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
} from './support.ts';

// #40 item 15: "N others reported this" is kept in feedback_report_counts by
// the topic-item triggers. Only the author reads their own count; nobody
// writes it through the API; the MFA hook's table and function stay out of
// the API (#40 item 21). Each case fails when its protection is removed
// (the policy, the missing write grants, the private schema).
let w: World;
beforeAll(async () => {
  w = await startWorld();
  // B's feedback joins A's in a topic of company X: each has one other.
  await rows(
    w,
    `update public.feedback set website_url = 'https://example.com/b', website_host = 'example.com' where id = $1`,
    [w.feedback.b],
  );
  await rows(
    w,
    `with t as (insert into public.feedback_topics (company_id, title)
                values ($1, 'Shared topic') returning id)
     insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
     select $1, f, t.id, 'confirmed' from t, unnest($2::uuid[]) f`,
    [w.company.X, [w.feedback.a, w.feedback.b]],
  );
});
afterAll(() => w?.t.stop());

describe('feedback_report_counts', () => {
  it('each author reads their own count, and only it', async () => {
    const a = await w.as.consumerA
      .from('feedback_report_counts')
      .select('feedback_id, others');
    allowed(a, 1);
    expect(a.data).toEqual([{ feedback_id: w.feedback.a, others: 1 }]);
    const b = await w.as.consumerB
      .from('feedback_report_counts')
      .select('feedback_id')
      .eq('feedback_id', w.feedback.a);
    denied(b, 'hidden');
  });

  it('companies and admins read none; anon may not ask', async () => {
    for (const who of ['companyX', 'companyY', 'admin'] as const)
      denied(
        await w.as[who].from('feedback_report_counts').select('feedback_id'),
        'hidden',
      );
    forbidden(
      await w.as.anon.from('feedback_report_counts').select('feedback_id'),
    );
  });

  it('nobody writes a count through the API', async () => {
    forbidden(
      await w.as.consumerA.from('feedback_report_counts').insert({
        feedback_id: w.feedback.a,
        user_id: w.id.consumerA,
        others: 99,
      }),
    );
    forbidden(
      await w.as.consumerA
        .from('feedback_report_counts')
        .update({ others: 99 })
        .eq('feedback_id', w.feedback.a),
    );
    const [kept] = await rows<{ others: number }>(
      w,
      'select others from public.feedback_report_counts where feedback_id = $1',
      [w.feedback.a],
    );
    expect(kept!.others).toBe(1);
  });
});

describe('the MFA verification hook (#40 item 21)', () => {
  it('is not an API function and its failures table is not readable', async () => {
    for (const who of ['consumerA', 'companyX', 'anon'] as const) {
      const r = await w.as[who].rpc('hook_mfa_verification_attempt', {
        event: {
          user_id: w.id.consumerA,
          factor_id: w.id.consumerA,
          valid: false,
        },
      });
      expect(r.error?.code, who).toBe('PGRST202');
    }
    expect(
      await rows(w, 'select count(*)::int as n from private.mfa_failures'),
    ).toEqual([{ n: 0 }]);
  });
});
