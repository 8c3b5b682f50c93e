import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
  memberOfX,
} from './support.ts';

// #22 "You said, we did": who may turn the public page on, publish a topic
// and read the page. Company X has a completed topic with A's feedback and
// a plain member; company Y has its own.
let w: World;
let memberX: Awaited<ReturnType<typeof memberOfX>>;
let topicX: string;
let topicY: string;
beforeAll(async () => {
  w = await startWorld();
  memberX = await memberOfX(w, 'member-x@perm.test');
  const topic = async (company: string, feedback: string) => {
    const [row] = await rows<{ id: string }>(
      w,
      `with t as (insert into public.feedback_topics (company_id, title, status, completed_at)
                  values ($1, 'Internal name', 'completed', now()) returning id),
            i as (insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
                  select $1, $2, t.id, 'confirmed' from t)
       select id from t`,
      [company, feedback],
    );
    return row!.id;
  };
  topicX = await topic(w.company.X, w.feedback.a);
  topicY = await topic(w.company.Y, w.feedback.b);
});
afterAll(() => w?.t.stop());

const publish = (who: keyof World['as'] | 'member', topic: string) =>
  (who === 'member' ? memberX.client : w.as[who]).rpc('publish_topic', {
    p_topic_id: topic,
    p_public_title: 'Shipped',
  });

describe('public changes page', () => {
  it('only an owner or admin sets the address; a member, consumer or visitor cannot', async () => {
    forbidden(
      await memberX.client.rpc('set_public_page', { p_slug: 'company-x' }),
    );
    forbidden(
      await w.as.consumerA.rpc('set_public_page', { p_slug: 'company-x' }),
    );
    forbidden(await w.as.anon.rpc('set_public_page', { p_slug: 'company-x' }));
    allowed(
      await w.as.companyX.rpc('set_public_page', { p_slug: 'company-x' }),
    );
    // Not by writing the column directly, even for the owner.
    const direct = await w.as.companyX
      .from('companies')
      .update({ public_page_slug: 'sneaky' })
      .eq('id', w.company.X)
      .select('id');
    forbidden(direct);
  });

  it('a member publishes their own company’s topic; another company, a consumer and a visitor cannot', async () => {
    allowed(await publish('member', topicX));
    denied(await publish('companyY', topicX), {
      code: 'PT404',
      message: /not one of your company/,
    });
    denied(await publish('member', topicY), {
      code: 'PT404',
      message: /not one of your company/,
    });
    forbidden(await publish('consumerA', topicX));
    forbidden(await publish('anon', topicX));
    forbidden(await w.as.anon.rpc('unpublish_topic', { p_topic_id: topicX }));
    denied(await w.as.companyY.rpc('unpublish_topic', { p_topic_id: topicX }), {
      code: 'PT404',
      message: /not one of your company/,
    });
    // The topic tables stay closed to direct writes.
    const [before] = await rows<{ published_at: string | null }>(
      w,
      `select published_at from public.feedback_topics where id = $1`,
      [topicX],
    );
    expect(before!.published_at).not.toBeNull();
    const write = await w.as.companyX
      .from('feedback_topics')
      .update({ public_title: 'Direct' })
      .eq('id', topicX)
      .select('id');
    forbidden(write);
  });

  it('anyone reads the page, and it carries only published fields', async () => {
    for (const who of ['anon', 'consumerB', 'companyY'] as const) {
      const page = await w.as[who].rpc('get_public_changes', {
        p_slug: 'company-x',
      });
      allowed(page);
      const text = JSON.stringify(page.data);
      expect(text).toContain('Shipped');
      for (const secret of [
        w.id.consumerA,
        w.email.consumerA,
        'A on example.com',
        'Internal name',
        topicX,
        w.company.X,
      ])
        expect(text).not.toContain(secret);
    }
    // The queue and notices behind the notifications are not reachable.
    const queue = await w.as.consumerA
      .schema('private' as never)
      .from('topic_completion_emails')
      .select('*');
    expect(queue.error).not.toBeNull();
  });

  it('only the service role reads what a "completed" e-mail says', async () => {
    for (const who of ['anon', 'consumerA', 'companyX'] as const)
      forbidden(
        await w.as[who].rpc('get_topic_completion_email', { p_job_id: 1 }),
      );
    allowed(
      await w.as.service.rpc('get_topic_completion_email', { p_job_id: 1 }),
      0,
    );
  });

  it('the e-mail choice is the owner’s alone', async () => {
    allowed(
      await w.as.consumerA
        .from('profiles')
        .update({ email_on_topic_completed: true })
        .eq('id', w.id.consumerA)
        .select('id'),
      1,
    );
    denied(
      await w.as.consumerB
        .from('profiles')
        .update({ email_on_topic_completed: true })
        .eq('id', w.id.consumerA)
        .select('id'),
      'hidden',
    );
    denied(
      await w.as.companyX
        .from('profiles')
        .select('email_on_topic_completed')
        .eq('id', w.id.consumerA),
      'hidden',
    );
  });
});
