import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  denied,
  forbidden,
  startWorld,
  type World,
} from './support.ts';

// The background-job queue registry (private.background_queues) and the two
// functions that read it: only the service role drains queues, and no API
// role reads or changes which table a queue is. Each case fails when its
// protection is removed (a grant on the table, an execute grant on the
// functions, the registry lookup).
let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w?.t.stop());

describe('background-job queues', () => {
  it('no API role reads or writes the registry, even past the schema list', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'select queue from private.background_queues',
        `update private.background_queues set job_table = 'public.feedback'::regclass`,
      ]) {
        await expect(
          w.t.ctx.db.transaction((tx) => tx.query(sql), { role }),
        ).rejects.toMatchObject({ code: '42501' });
      }
    }
  });

  it('claiming and finishing jobs is the service role’s', async () => {
    for (const who of ['companyX', 'consumerA', 'anon'] as const) {
      forbidden(
        await w.as[who].rpc('claim_background_jobs', {
          p_queue: 'weekly_summary_emails',
        }),
      );
      forbidden(
        await w.as[who].rpc('finish_background_job', {
          p_queue: 'weekly_summary_emails',
          p_id: 1,
        }),
      );
    }
    allowed(
      await w.as.service.rpc('claim_background_jobs', {
        p_queue: 'weekly_summary_emails',
      }),
    );
    // A table that is not a registered queue is never claimed from.
    denied(
      await w.as.service.rpc('claim_background_jobs', {
        p_queue: 'public.feedback',
      }),
      { code: '22023', message: /^Unknown queue / },
    );
  });
});
