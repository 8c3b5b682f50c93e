import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import { createUser, query, type TestCompany } from './support.ts';

// Helpers of the trial's tests (#35): trial.test.ts, trial-end.test.ts.

export interface Plan {
  plan: string;
  trial_status: string | null;
  trial_ends_at: string | null;
  trial_refusal: string | null;
  my_role: string;
  read_only: boolean;
}

export const planOf = async (c: SupabaseClient) => {
  const { data, error } = await c.rpc('get_company_plan').single<Plan>();
  if (error) throw new Error(error.message);
  return data;
};

export async function join(
  t: TestBackend,
  company: TestCompany,
  role: 'admin' | 'member',
) {
  const user = await createUser(t);
  const invited = await company.client
    .rpc('invite_company_member', { p_email: user.email, p_role: role })
    .single<{ token: string }>();
  expect(invited.error).toBeNull();
  const { error } = await user.client.rpc('accept_company_invitation', {
    p_token: invited.data!.token,
  });
  expect(error).toBeNull();
  return user;
}

export async function runTrials(t: TestBackend, now: Date) {
  const res = await t.backend.invokeFunction('run-trials', {
    now: now.toISOString(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    ended: number;
    queued: number;
    handled: number;
    failed: number;
  };
}

export const trialMails = (t: TestBackend, email: string) =>
  query<{ kind: string; subject: string; body_text: string }>(
    t,
    `select kind, subject, body_text from auth.outbox
      where to_email = $1 and kind like 'trial_%' order by created_at, id`,
    [email],
  );
