import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskSecrets } from '@shared/domain/mask-secrets.ts';
import type { TechnicalContext } from '@shared/domain/technical-context.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  type TestUser,
} from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
} from './support.ts';

// feedback.technical_context (issue #26): written by its author only, in
// the expected shape only, masked again by the server, read by the author
// and by a company only through get_company_feedback_detail (view allowance,
// verified domain), never with the author's identity.
let w: World;
let contextId: string;

const CONTEXT: TechnicalContext = {
  environment: {
    browser: 'Chrome 156',
    os: 'Linux',
    viewport: '1280×720',
    devicePixelRatio: 2,
    language: 'en-GB',
  },
  consoleErrors: [
    {
      kind: 'error',
      message: 'TypeError: price is undefined',
      at: '2026-11-26T10:00:00.000Z',
    },
    {
      kind: 'rejection',
      message: 'Checkout failed',
      at: '2026-11-26T10:00:01.000Z',
    },
  ],
  failedRequests: [
    {
      method: 'POST',
      status: 500,
      url: 'https://shop.example.com/api/cart',
      at: '2026-11-26T10:00:02.000Z',
    },
  ],
};

const payload = (context: unknown, url = 'https://shop.example.com/cart') => ({
  title: 'Cart breaks',
  description: 'The cart page breaks when I add a second item.',
  company_name: 'Example',
  website_url: url,
  category: 'bug',
  technical_context: context,
});

beforeAll(async () => {
  w = await startWorld();
  const res = await w.as.consumerA
    .from('feedback')
    .insert(payload(CONTEXT))
    .select('id, technical_context')
    .single();
  allowed(res);
  contextId = (res.data as { id: string }).id;
});
afterAll(() => w?.t.stop());

describe('insert', () => {
  it('the author stores a context of the expected shape', async () => {
    const [row] = await rows<{ technical_context: unknown }>(
      w,
      'select technical_context from public.feedback where id = $1',
      [contextId],
    );
    expect(row?.technical_context).toEqual(CONTEXT);
  });

  it('what a client did not mask is masked by the server', async () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const res = await w.as.consumerA
      .from('feedback')
      .insert(
        payload({
          environment: {},
          consoleErrors: [
            {
              kind: 'error',
              message: `No account for consumer-a@perm.test (token=abc123, ${jwt})`,
              at: '2026-11-26T10:00:00Z',
            },
          ],
          failedRequests: [
            {
              method: 'GET',
              status: 404,
              url: 'https://shop.example.com/reset/9f86d081884c7d659a2feaa0c55ad015a3bf',
              at: '2026-11-26T10:00:00Z',
            },
          ],
        }),
      )
      .select('technical_context')
      .single();
    allowed(res);
    const stored = JSON.stringify(res.data);
    expect(stored).toContain('No account for [email] (token=[secret], [jwt])');
    expect(stored).toContain('https://shop.example.com/reset/[hex]');
    expect(stored).not.toContain('perm.test');
    expect(stored).not.toContain('abc123');
  });

  const shapeError = {
    code: '23514',
    message: /technical context is not in the expected shape/,
  };
  const entry = CONTEXT.consoleErrors[0]!;
  const request = CONTEXT.failedRequests[0]!;
  it.each([
    ['a string', 'console: boom'],
    ['an array', []],
    ['an unknown top-level key (the author)', { ...CONTEXT, author: 'Alice' }],
    [
      'an unknown environment key',
      { ...CONTEXT, environment: { userId: 'x' } },
    ],
    [
      'an unknown entry key',
      { ...CONTEXT, consoleErrors: [{ ...entry, email: 'a' }] },
    ],
    ['a missing list', { environment: {}, consoleErrors: [] }],
    ['51 console errors', { ...CONTEXT, consoleErrors: Array(51).fill(entry) }],
    [
      '51 failed requests',
      { ...CONTEXT, failedRequests: Array(51).fill(request) },
    ],
    [
      'a message over 500 characters',
      { ...CONTEXT, consoleErrors: [{ ...entry, message: 'x'.repeat(501) }] },
    ],
    [
      'an empty message',
      { ...CONTEXT, consoleErrors: [{ ...entry, message: '' }] },
    ],
    [
      'an unknown kind',
      { ...CONTEXT, consoleErrors: [{ ...entry, kind: 'warning' }] },
    ],
    [
      'a query string',
      {
        ...CONTEXT,
        failedRequests: [{ ...request, url: 'https://x.test/a?token=1' }],
      },
    ],
    [
      'a fragment',
      {
        ...CONTEXT,
        failedRequests: [{ ...request, url: 'https://x.test/a#b' }],
      },
    ],
    [
      'a status over 599',
      { ...CONTEXT, failedRequests: [{ ...request, status: 700 }] },
    ],
    [
      'a status as text',
      { ...CONTEXT, failedRequests: [{ ...request, status: '500' }] },
    ],
    [
      'a lower-case method',
      { ...CONTEXT, failedRequests: [{ ...request, method: 'post' }] },
    ],
    [
      'a bad time',
      { ...CONTEXT, failedRequests: [{ ...request, at: 'yesterday' }] },
    ],
    ['a bad viewport', { ...CONTEXT, environment: { viewport: '<script>' } }],
    [
      'a pixel ratio of 50',
      { ...CONTEXT, environment: { devicePixelRatio: 50 } },
    ],
    [
      'a 61-character browser',
      { ...CONTEXT, environment: { browser: 'b'.repeat(61) } },
    ],
  ])('refuses %s', async (_name, context) => {
    denied(
      await w.as.consumerA.from('feedback').insert(payload(context)),
      shapeError,
    );
  });

  it('nobody rewrites a sent context: no update grant, and server code cannot either', async () => {
    forbidden(
      await w.as.consumerA
        .from('feedback')
        .update({ technical_context: null })
        .eq('id', contextId),
    );
    await rows(
      w,
      `update public.feedback set technical_context = '{"environment":{},"consoleErrors":[],"failedRequests":[]}' where id = $1`,
      [contextId],
    );
    const [row] = await rows<{ technical_context: unknown }>(
      w,
      'select technical_context from public.feedback where id = $1',
      [contextId],
    );
    expect(row?.technical_context).toEqual(CONTEXT);
  });
});

describe('select', () => {
  it('the author reads it on their own feedback', async () => {
    const res = await w.as.consumerA
      .from('feedback')
      .select('technical_context')
      .eq('id', contextId);
    allowed(res, 1);
    expect(res.data?.[0]?.technical_context).toEqual(CONTEXT);
  });

  it.each(['consumerB', 'companyX', 'companyY', 'admin'] as const)(
    '%s cannot read it through the table',
    async (role) => {
      denied(
        await w.as[role]
          .from('feedback')
          .select('technical_context')
          .eq('id', contextId),
        'hidden',
      );
    },
  );

  it('anon cannot read it', async () => {
    forbidden(await w.as.anon.from('feedback').select('technical_context'));
  });

  it('the matching company reads it in the detail, without the author', async () => {
    const res = await w.as.companyX.rpc('get_company_feedback_detail', {
      feedback_uuid: contextId,
    });
    allowed(res, 1);
    const row = (res.data as { technical_context: unknown }[])[0];
    expect(row?.technical_context).toEqual(CONTEXT);
    const text = JSON.stringify(row?.technical_context);
    for (const identity of [
      w.id.consumerA,
      w.email.consumerA,
      'Alice',
      'Author',
    ]) {
      expect(text).not.toContain(identity);
    }
  });

  it('another company, consumers and anon get no detail', async () => {
    forbidden(
      await w.as.companyY.rpc('get_company_feedback_detail', {
        feedback_uuid: contextId,
      }),
    );
    for (const role of ['consumerA', 'consumerB', 'admin', 'anon'] as const) {
      const res = await w.as[role].rpc('get_company_feedback_detail', {
        feedback_uuid: contextId,
      });
      expect(res.error).not.toBeNull();
      expect(JSON.stringify(res.data ?? null)).not.toContain('TypeError');
    }
  });

  it('the company list never carries it', async () => {
    const res = await w.as.companyX.rpc('get_company_feedback');
    allowed(res);
    expect(JSON.stringify(res.data)).not.toContain('TypeError');
    expect(JSON.stringify(res.data)).not.toContain('technical_context');
  });
});

describe('the view allowance and the verified domain gate it', () => {
  let author: TestUser;
  beforeAll(async () => {
    author = await createUser(w.t, { email: 'context-author@perm.test' });
  });

  it('past the free allowance the detail, and its context, stay closed', async () => {
    const company = await createCompany(w.t, { domain: 'example.net' });
    for (let i = 0; i < 5; i++) {
      const f = await insertFeedback(w.t, author.id, {
        websiteUrl: `https://example.net/page-${i}`,
      });
      allowed(
        await company.client.rpc('get_company_feedback_detail', {
          feedback_uuid: f.id,
        }),
        1,
      );
    }
    const res = await author.client
      .from('feedback')
      .insert(payload(CONTEXT, 'https://example.net/cart'))
      .select('id')
      .single();
    allowed(res);
    const sixth = await company.client.rpc('get_company_feedback_detail', {
      feedback_uuid: (res.data as { id: string }).id,
    });
    denied(sixth, { code: 'PT402', message: /Daily limit reached/ });
    expect(JSON.stringify(sixth.data ?? null)).not.toContain('TypeError');
  });

  it('a company that has not verified the domain gets no context', async () => {
    const company = await createCompany(w.t, {
      domain: 'example.io',
      verified: false,
    });
    const res = await author.client
      .from('feedback')
      .insert(payload(CONTEXT, 'https://example.io/cart'))
      .select('id')
      .single();
    allowed(res);
    const detail = await company.client.rpc('get_company_feedback_detail', {
      feedback_uuid: (res.data as { id: string }).id,
    });
    expect(detail.error).not.toBeNull();
    expect(JSON.stringify(detail.data ?? null)).not.toContain('TypeError');
  });
});

describe('private.mask_secrets agrees with shared/domain/mask-secrets.ts', () => {
  const sqlMask = async (texts: string[]) =>
    (
      await rows<{ m: string }>(
        w,
        'select private.mask_secrets(t) as m from unnest($1::text[]) with ordinality u(t, n) order by n',
        [texts],
      )
    ).map((r) => r.m);

  it('masks a corpus the same way', async () => {
    const corpus = [
      'auth failed for eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc_DEF-123',
      'no user jane.doe+shop@mail.example.co.uk found',
      'Authorization: Bearer abc.DEF-123_x',
      'GET /cb?token=s3cr3t&page=2 api_key=AbC123 key=zzz',
      '{"password":"hunter2","user":"x"} apiKey: \'k-123\'',
      'sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'order 3f2504e0-4f89-11d3-9a0c-0305e82c3301 missing',
      'card 4111 1111 1111 1111 declined, call +44 20 7946 0958',
      'key sk_live_4eC39HqLyjWDarjtT1zdp7dc and QWxhZGRpbjpvcGVuIHNlc2FtZQ1234abcdEFGH+/xyz==',
      'k3j4h5g6k3j4h5g6k3j4h5g6k3j4h5g6 in a message',
      "TypeError: Cannot read properties of undefined (reading 'price')",
      'Request failed with status code: 500 at 2026-11-25 21:43:19',
      '/blog/how-to-write-a-great-bug-report-in-2026-for-everyone',
    ];
    expect(await sqlMask(corpus)).toEqual(corpus.map(maskSecrets));
  });

  it('leaves what the extension masked as it is', async () => {
    const pieces = fc.constantFrom(
      'Error:',
      ' ',
      'token=abc123',
      'jane@shop.test',
      '9f86d081884c7d659a2feaa0c55ad015',
      'Bearer x.y',
      '/api/cart',
      '404',
      '"password": "pw"',
      'eyJa.eyJb.c',
    );
    const samples = fc.sample(
      fc.array(pieces, { maxLength: 12 }).map((p) => maskSecrets(p.join(''))),
      { seed: 26026, numRuns: 200 },
    );
    expect(await sqlMask(samples)).toEqual(samples);
  });
});
