import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedback } from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
} from './support.ts';

// The company RPCs and the tables behind them: company_feedback_views,
// company_feedback_events and the authors' notifications.
let w: World;
beforeAll(async () => {
  w = await startWorld();
  await w.as.companyX.rpc('record_feedback_view', {
    feedback_uuid: w.feedback.a,
  });
});
afterAll(() => w?.t.stop());

const CONSUMERS = ['consumerA', 'consumerB', 'admin'] as const;

describe('company list RPCs', () => {
  it.each([
    'get_company_feedback',
    'get_feedback_with_votes',
    'get_all_feedback_view_counts',
  ] as const)(
    '%s: each company gets its own matches, consumers and anon nothing',
    async (fn) => {
      const x = await w.as.companyX.rpc(fn);
      allowed(x, 1);
      expect(JSON.stringify(x.data)).toContain(w.feedback.a);
      expect(JSON.stringify(x.data)).not.toContain(w.feedback.b);
      const y = await w.as.companyY.rpc(fn);
      allowed(y, 1);
      expect(JSON.stringify(y.data)).toContain(w.feedback.b);
      for (const role of CONSUMERS) forbidden(await w.as[role].rpc(fn));
      forbidden(await w.as.anon.rpc(fn));
    },
  );

  it('get_company_feedback_detail: only the matching company', async () => {
    allowed(
      await w.as.companyX.rpc('get_company_feedback_detail', {
        feedback_uuid: w.feedback.a,
      }),
      1,
    );
    forbidden(
      await w.as.companyY.rpc('get_company_feedback_detail', {
        feedback_uuid: w.feedback.a,
      }),
    );
    for (const role of CONSUMERS) {
      forbidden(
        await w.as[role].rpc('get_company_feedback_detail', {
          feedback_uuid: w.feedback.a,
        }),
      );
    }
    forbidden(
      await w.as.anon.rpc('get_company_feedback_detail', {
        feedback_uuid: w.feedback.a,
      }),
    );
  });
});

describe('view allowance RPCs', () => {
  const fns = [
    'get_daily_feedback_views',
    'can_view_feedback',
    'get_company_view_allowance',
  ] as const;

  it.each(fns)('%s: companies for themselves only', async (fn) => {
    allowed(await w.as.companyX.rpc(fn));
    allowed(await w.as.companyY.rpc(fn));
    if (fn !== 'get_company_view_allowance') {
      forbidden(
        await w.as.companyX.rpc(fn, { company_email: w.email.companyY }),
      );
    }
    for (const role of CONSUMERS) forbidden(await w.as[role].rpc(fn));
    forbidden(await w.as.anon.rpc(fn));
  });

  it('record_feedback_view: the matching company only', async () => {
    allowed(
      await w.as.companyY.rpc('record_feedback_view', {
        feedback_uuid: w.feedback.b,
      }),
    );
    forbidden(
      await w.as.companyY.rpc('record_feedback_view', {
        feedback_uuid: w.feedback.a,
      }),
    );
    forbidden(
      await w.as.companyX.rpc('record_feedback_view', {
        company_email: w.email.companyY,
        feedback_uuid: w.feedback.a,
      }),
    );
    for (const role of CONSUMERS) {
      forbidden(
        await w.as[role].rpc('record_feedback_view', {
          feedback_uuid: w.feedback.a,
        }),
      );
    }
    forbidden(
      await w.as.anon.rpc('record_feedback_view', {
        feedback_uuid: w.feedback.a,
      }),
    );
  });

  it('reset_daily_feedback_views: companies, and only in demo mode', async () => {
    // The backend records demo mode on start; without the row (as on hosted
    // Supabase) the reset is refused.
    await rows(w, `delete from private.settings where key = 'demo_mode'`);
    forbidden(await w.as.companyX.rpc('reset_daily_feedback_views'));
    await rows(
      w,
      `insert into private.settings (key, value) values ('demo_mode', 'true')`,
    );
    try {
      allowed(await w.as.companyX.rpc('reset_daily_feedback_views'));
      forbidden(
        await w.as.companyX.rpc('reset_daily_feedback_views', {
          company_email: w.email.companyY,
        }),
      );
      for (const role of CONSUMERS)
        forbidden(await w.as[role].rpc('reset_daily_feedback_views'));
      forbidden(await w.as.anon.rpc('reset_daily_feedback_views'));
    } finally {
      await rows(w, `delete from private.settings where key = 'demo_mode'`);
    }
  });
});

describe('status and rating RPCs', () => {
  it('update_feedback_status: the matching company only', async () => {
    const { id } = await insertFeedback(w.t, w.id.consumerA, {
      websiteUrl: 'https://example.com/status',
    });
    forbidden(
      await w.as.companyY.rpc('update_feedback_status', {
        feedback_uuid: id,
        new_status: 'read',
      }),
    );
    for (const role of CONSUMERS) {
      forbidden(
        await w.as[role].rpc('update_feedback_status', {
          feedback_uuid: id,
          new_status: 'read',
        }),
      );
    }
    forbidden(
      await w.as.anon.rpc('update_feedback_status', {
        feedback_uuid: id,
        new_status: 'read',
      }),
    );
    allowed(
      await w.as.companyX.rpc('update_feedback_status', {
        feedback_uuid: id,
        new_status: 'read',
      }),
    );
  });

  it('rate_feedback: the matching company only', async () => {
    allowed(
      await w.as.companyX.rpc('rate_feedback', {
        feedback_uuid: w.feedback.a,
        rating: 4,
      }),
    );
    forbidden(
      await w.as.companyY.rpc('rate_feedback', {
        feedback_uuid: w.feedback.a,
        rating: 1,
      }),
    );
    for (const role of CONSUMERS) {
      forbidden(
        await w.as[role].rpc('rate_feedback', {
          feedback_uuid: w.feedback.a,
          rating: 1,
        }),
      );
    }
    forbidden(
      await w.as.anon.rpc('rate_feedback', {
        feedback_uuid: w.feedback.a,
        rating: 1,
      }),
    );
  });
});

describe('company_feedback_views', () => {
  it('company X reads its views; company Y does not see them', async () => {
    allowed(
      await w.as.companyX
        .from('company_feedback_views')
        .select('*')
        .eq('company_id', w.company.X),
      1,
    );
    denied(
      await w.as.companyY
        .from('company_feedback_views')
        .select('*')
        .eq('company_id', w.company.X),
      'hidden',
    );
  });
  it('the author reads views of their feedback; another consumer does not', async () => {
    allowed(
      await w.as.consumerA
        .from('company_feedback_views')
        .select('*')
        .eq('feedback_id', w.feedback.a),
      1,
    );
    denied(
      await w.as.consumerB
        .from('company_feedback_views')
        .select('*')
        .eq('feedback_id', w.feedback.a),
      'hidden',
    );
  });
  it('admin sees none, anon cannot read', async () => {
    allowed(await w.as.admin.from('company_feedback_views').select('*'), 0);
    forbidden(await w.as.anon.from('company_feedback_views').select('*'));
  });
  it.each(['companyX', 'consumerA', 'anon'] as const)(
    '%s cannot write views directly',
    async (role) => {
      forbidden(
        await w.as[role].from('company_feedback_views').insert({
          company_id: w.company.X,
          feedback_id: w.feedback.a,
          viewed_on: '2030-01-01',
        }),
      );
      forbidden(
        await w.as[role]
          .from('company_feedback_views')
          .delete()
          .eq('company_id', w.company.X),
      );
      forbidden(
        await w.as[role]
          .from('company_feedback_views')
          .update({ counted: false })
          .eq('company_id', w.company.X),
      );
    },
  );
  it('service reads and writes views', async () => {
    allowed(await w.as.service.from('company_feedback_views').select('id'));
    allowed(
      await w.as.service
        .from('company_feedback_views')
        .update({ counted: true })
        .eq('company_id', w.company.X),
    );
  });
});

describe('company_feedback_events', () => {
  it('company X reads its events; nobody else does', async () => {
    const x = await w.as.companyX.from('company_feedback_events').select('*');
    allowed(x);
    expect((x.data ?? []).length).toBeGreaterThan(0);
    denied(
      await w.as.companyY
        .from('company_feedback_events')
        .select('*')
        .eq('company_id', w.company.X),
      'hidden',
    );
    for (const role of CONSUMERS) {
      allowed(await w.as[role].from('company_feedback_events').select('*'), 0);
    }
    forbidden(await w.as.anon.from('company_feedback_events').select('*'));
  });
  it('carry no author identity', async () => {
    const { data } = await w.as.companyX
      .from('company_feedback_events')
      .select('*')
      .limit(1);
    expect(Object.keys(data?.[0] ?? {}).sort()).toEqual([
      'company_id',
      'created_at',
      'event_type',
      'feedback_id',
      'id',
    ]);
  });
  it.each(['companyX', 'consumerA', 'anon'] as const)(
    '%s cannot write events',
    async (role) => {
      forbidden(
        await w.as[role].from('company_feedback_events').insert({
          company_id: w.company.X,
          feedback_id: w.feedback.a,
          event_type: 'created',
        }),
      );
      forbidden(
        await w.as[role]
          .from('company_feedback_events')
          .delete()
          .eq('company_id', w.company.X),
      );
    },
  );
  it('service reads events', async () => {
    allowed(await w.as.service.from('company_feedback_events').select('id'));
  });
});

describe('notifications', () => {
  it('the author reads and marks their notifications; others see none', async () => {
    const mine = await w.as.consumerA.from('notifications').select('*');
    allowed(mine);
    expect((mine.data ?? []).length).toBeGreaterThan(0);
    allowed(
      await w.as.consumerA
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('user_id', w.id.consumerA)
        .select('id'),
    );
    for (const role of [
      'consumerB',
      'companyX',
      'companyY',
      'admin',
    ] as const) {
      denied(
        await w.as[role]
          .from('notifications')
          .select('*')
          .eq('user_id', w.id.consumerA),
        'hidden',
      );
      denied(
        await w.as[role]
          .from('notifications')
          .update({ read_at: null })
          .eq('user_id', w.id.consumerA)
          .select('id'),
        'hidden',
      );
      denied(
        await w.as[role]
          .from('notifications')
          .delete()
          .eq('user_id', w.id.consumerA)
          .select('id'),
        'hidden',
      );
    }
    forbidden(await w.as.anon.from('notifications').select('*'));
  });
  it('the author cannot change what a notification says or forge one', async () => {
    forbidden(
      await w.as.consumerA
        .from('notifications')
        .update({ new_status: 'completed' })
        .eq('user_id', w.id.consumerA),
    );
    forbidden(
      await w.as.consumerA.from('notifications').insert({
        user_id: w.id.consumerA,
        kind: 'feedback_status',
        new_status: 'completed',
      }),
    );
  });
  it('the author may delete their notifications', async () => {
    allowed(
      await w.as.consumerA
        .from('notifications')
        .delete()
        .eq('user_id', w.id.consumerA)
        .select('id'),
    );
  });
  it('service reads notifications', async () => {
    allowed(await w.as.service.from('notifications').select('id'));
  });
});
