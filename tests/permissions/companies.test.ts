import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  startWorld,
  type World,
} from './support.ts';

// companies, company_subscriptions, company_domains and the domain RPCs.
let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w?.t.stop());

const COMPANIES = ['companyX', 'companyY'] as const;
const NON_COMPANIES = ['consumerA', 'consumerB', 'admin'] as const;
const otherCompany = (role: 'companyX' | 'companyY') =>
  role === 'companyX' ? 'Y' : 'X';

describe('companies', () => {
  describe('select', () => {
    it.each(COMPANIES)('%s reads its own record', async (role) => {
      allowed(await w.as[role].from('companies').select('*'), 1);
    });
    it.each(COMPANIES)('%s cannot read the other company', async (role) => {
      denied(
        await w.as[role]
          .from('companies')
          .select('*')
          .eq('id', w.company[otherCompany(role)]),
        'hidden',
      );
    });
    it.each(NON_COMPANIES)('%s reads no company', async (role) => {
      allowed(await w.as[role].from('companies').select('*'), 0);
    });
    it('anon cannot read companies', async () => {
      forbidden(await w.as.anon.from('companies').select('*'));
    });
    it('service reads every company', async () => {
      const all = await w.as.service.from('companies').select('id');
      allowed(all);
      expect((all.data ?? []).length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('insert', () => {
    // Issue #20: a signed-in account becomes a company only through
    // register_company (the company form and its terms); no direct insert.
    it('a signed-in user registers their own company through register_company, with the terms', async () => {
      const user = await createUser(w.t);
      forbidden(
        await user.client.from('companies').insert({
          user_id: user.id,
          email: user.email,
          company_name: 'New Co',
          terms_accepted_at: new Date().toISOString(),
        }),
      );
      const args = { p_company_name: 'New Co', p_domains: ['new-co.test'] };
      denied(
        await user.client.rpc('register_company', {
          ...args,
          p_accept_terms: false,
        }),
        { code: '23514', message: /accept the company Terms and Conditions/ },
      );
      const made = await user.client
        .rpc('register_company', { ...args, p_accept_terms: true })
        .single<{ user_id: string }>();
      allowed(made);
      expect(made.data?.user_id).toBe(user.id);
    });
    it.each(NON_COMPANIES)(
      '%s cannot register a company for someone else',
      async (role) => {
        const { error } = await w.as[role].from('companies').insert({
          user_id:
            w.id.consumerB === w.id[role] ? w.id.consumerA : w.id.consumerB,
          email: 'someone@perm.test',
          company_name: 'Stolen',
        });
        expect(error?.code).toBe('42501');
      },
    );
    it.each(COMPANIES)('%s cannot register a second company', async (role) => {
      denied(
        await w.as[role].rpc('register_company', {
          p_company_name: 'Two',
          // With the terms, so the one-company rule is what refuses it.
          p_accept_terms: true,
        }),
        { code: '23505', message: /already has a company profile/ },
      );
    });
    it('anon cannot register a company', async () => {
      forbidden(
        await w.as.anon.rpc('register_company', {
          p_company_name: 'x',
          p_accept_terms: true,
        }),
      );
    });
    it('anon cannot insert', async () => {
      forbidden(
        await w.as.anon.from('companies').insert({
          user_id: w.id.consumerA,
          email: 'x@x.test',
          company_name: 'x',
        }),
      );
    });
    it('service may create a company for a user', async () => {
      const user = await createUser(w.t);
      allowed(
        await w.as.service
          .from('companies')
          .insert({ user_id: user.id, email: user.email, company_name: 'Ops' }),
      );
    });
  });

  describe('update', () => {
    it.each(COMPANIES)('%s updates its own details', async (role) => {
      allowed(
        await w.as[role]
          .from('companies')
          .update({ company_name: `${role} Ltd`, notifications_enabled: false })
          .eq('user_id', w.id[role])
          .select('id'),
        1,
      );
    });
    it.each(COMPANIES)('%s cannot update the other company', async (role) => {
      denied(
        await w.as[role]
          .from('companies')
          .update({ domain: 'stolen.test' })
          .eq('id', w.company[otherCompany(role)])
          .select('id'),
        'hidden',
      );
    });
    it.each(COMPANIES)(
      '%s cannot move its record to another user',
      async (role) => {
        forbidden(
          await w.as[role]
            .from('companies')
            .update({ user_id: w.id.consumerA })
            .eq('user_id', w.id[role]),
        );
      },
    );
    it.each(NON_COMPANIES)('%s updates no company', async (role) => {
      denied(
        await w.as[role]
          .from('companies')
          .update({ company_name: 'x' })
          .eq('id', w.company.X)
          .select('id'),
        'hidden',
      );
    });
    it('anon cannot update', async () => {
      forbidden(
        await w.as.anon
          .from('companies')
          .update({ company_name: 'x' })
          .eq('id', w.company.X),
      );
    });
    it('service may update any company', async () => {
      allowed(
        await w.as.service
          .from('companies')
          .update({ notifications_enabled: true })
          .eq('id', w.company.X)
          .select('id'),
        1,
      );
    });
  });

  describe('delete (not self-service)', () => {
    it.each([...COMPANIES, ...NON_COMPANIES, 'anon'] as const)(
      '%s cannot delete a company',
      async (role) => {
        forbidden(
          await w.as[role].from('companies').delete().eq('id', w.company.X),
        );
      },
    );
    it('service may delete a company', async () => {
      const user = await createUser(w.t);
      await w.as.service
        .from('companies')
        .insert({ user_id: user.id, email: user.email, company_name: 'Gone' });
      allowed(
        await w.as.service
          .from('companies')
          .delete()
          .eq('user_id', user.id)
          .select('id'),
        1,
      );
    });
  });
});

describe.each(['company_subscriptions', 'company_domains'] as const)(
  '%s (read-only for the owner)',
  (table) => {
    it.each(COMPANIES)('%s reads its own rows', async (role) => {
      const res = await w.as[role].from(table).select('*');
      allowed(res, 1);
    });
    it.each(COMPANIES)(
      "%s cannot read the other company's rows",
      async (role) => {
        denied(
          await w.as[role]
            .from(table)
            .select('*')
            .eq('company_id', w.company[otherCompany(role)]),
          'hidden',
        );
      },
    );
    it.each(NON_COMPANIES)('%s reads nothing', async (role) => {
      allowed(await w.as[role].from(table).select('*'), 0);
    });
    it('anon cannot read', async () => {
      forbidden(await w.as.anon.from(table).select('*'));
    });
    it.each([...COMPANIES, 'anon'] as const)(
      '%s cannot write',
      async (role) => {
        forbidden(
          await w.as[role]
            .from(table)
            .update({ company_id: w.company.X } as never)
            .eq('company_id', w.company.X),
        );
        forbidden(
          await w.as[role]
            .from(table)
            .insert({ company_id: w.company.X } as never),
        );
        forbidden(
          await w.as[role].from(table).delete().eq('company_id', w.company.X),
        );
      },
    );
    it('service may write (an operator sets a paid plan)', async () => {
      const all = await w.as.service.from(table).select('company_id');
      allowed(all);
      expect((all.data ?? []).length).toBeGreaterThanOrEqual(2);
      if (table === 'company_subscriptions') {
        allowed(
          await w.as.service
            .from(table)
            .update({ subscription_type: 'pro' })
            .eq('company_id', w.company.Y)
            .select('features'),
          1,
        );
      }
    });
  },
);

describe('domain RPCs', () => {
  it.each(COMPANIES)(
    '%s lists and asks to verify its own domains',
    async (role) => {
      allowed(await w.as[role].rpc('get_company_domains'), 1);
      const domain = role === 'companyX' ? 'example.com' : 'example.org';
      allowed(
        await w.as[role].rpc('request_domain_verification', {
          p_domain: domain,
        }),
        1,
      );
    },
  );
  it.each(COMPANIES)(
    "%s cannot ask to verify another company's domain",
    async (role) => {
      const domain = role === 'companyX' ? 'example.org' : 'example.com';
      const { error } = await w.as[role].rpc('request_domain_verification', {
        p_domain: domain,
      });
      expect(error?.message).toBe(
        'Add the domain to your company before verifying it.',
      );
    },
  );
  it.each(NON_COMPANIES)(
    '%s has no domains and cannot request verification',
    async (role) => {
      allowed(await w.as[role].rpc('get_company_domains'), 0);
      forbidden(
        await w.as[role].rpc('request_domain_verification', {
          p_domain: 'example.com',
        }),
      );
    },
  );
  it('anon can call none of them', async () => {
    forbidden(await w.as.anon.rpc('get_company_domains'));
    forbidden(
      await w.as.anon.rpc('request_domain_verification', {
        p_domain: 'example.com',
      }),
    );
  });
  it.each(['anon', ...COMPANIES, ...NON_COMPANIES] as const)(
    '%s cannot confirm a verification',
    async (role) => {
      forbidden(
        await w.as[role].rpc('confirm_domain_verification', {
          p_company_id: w.company.X,
          p_domain: 'example.com',
          p_method: 'dns',
        }),
      );
    },
  );
  it('service confirms a verification', async () => {
    const res = await w.as.service.rpc('confirm_domain_verification', {
      p_company_id: w.company.X,
      p_domain: 'example.com',
      p_method: 'file',
    });
    allowed(res);
    expect(res.data).toBe(true);
  });
});
