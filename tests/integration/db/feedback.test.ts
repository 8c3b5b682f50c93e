import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isValidHostname,
  normalizeHost,
  parseDomainList,
} from '../../../shared/domain/domain-match.ts';
import { normalizeWebsiteUrl } from '../../../shared/domain/validation/fields.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createUser,
  insertFeedback,
  ledgerOf,
  ok,
  one,
  query,
  serviceClient,
  statsOf,
  type TestUser,
  uploadMedia,
} from './support.ts';

// What the database accepts as feedback, what it derives, and what it
// refuses with a clear message, storing nothing.
let t: TestBackend;
let user: TestUser;
beforeAll(async () => {
  t = await startTestBackend();
  user = await createUser(t, { fullName: 'Ada Lovelace' });
});
afterAll(() => t?.stop());

const valid = {
  title: 'Search is slow',
  description: 'Results take ten seconds to appear.',
  company_name: 'Example',
  website_url: 'https://example.com/search',
};

describe('host normalisation (parity with shared/domain/domain-match.ts)', () => {
  const urls = [
    'https://WWW.Example.com:8080/a?b#c',
    'http://shop.example.com/cart',
    'example.com',
    'www.example.co.uk/path',
    'https://user:pw@www.Example.org.',
    'https://www.com',
    'HTTPS://Sub.Domain.Example.IO:443',
    'ftp://example.com',
    'chrome://extensions',
    'mailto:someone@example.com',
    'example.com:8080/x',
    '',
    '   ',
  ];
  it.each(urls)('normalize_host(%j) equals normalizeHost', async (input) => {
    const row = await one<{ host: string | null; valid: boolean }>(
      t,
      `select private.normalize_host($1) as host,
              private.is_valid_hostname(private.normalize_host($1)) as valid`,
      [input],
    );
    const expected = normalizeHost(input);
    expect(row.host).toBe(expected);
    expect(row.valid).toBe(expected !== null && isValidHostname(expected));
  });

  const websites = [
    'example.com/x',
    'https://example.com',
    'http://www.example.com/a b',
    'ftp://example.com',
    'https://localhost:3000',
    'https://192.168.0.1',
    'http://localhost:5173/x',
    'localhost:5173/x',
    'http://192.168.1.20/',
    'http://intranet/',
    'intranet',
    'http://[::1]:8080/',
    'http://under_score/',
    'not a url',
    'https://exa_mple.com',
  ];
  it.each(websites)(
    'normalize_website_url(%j) matches normalizeWebsiteUrl',
    async (input) => {
      const expected = normalizeWebsiteUrl(input);
      const rows = await t.ctx.db
        .query<{ url: string | null }>(
          'select private.normalize_website_url($1) as url',
          [input],
        )
        .then((r) => ({ url: r.rows[0]?.url, error: null }))
        .catch((e: Error) => ({ url: undefined, error: e.message }));
      if (expected === undefined) {
        expect(rows.error).toBe('Please enter a valid website URL.');
      } else {
        expect(rows.url).toBe(expected);
      }
    },
  );

  it('parses domain lists like parseDomainList', async () => {
    const input =
      'Example.com, www.example.com,,shop.io  https://News.example.org:8080/x';
    const row = await one<{ domains: string[] }>(
      t,
      'select private.parse_domain_list(array[$1]) as domains',
      [input],
    );
    expect(row.domains).toEqual(parseDomainList(input));
  });
});

describe('insert', () => {
  it('stores the normalised host, the raw text, and identity from the account', async () => {
    const row = ok(
      await user.client
        .from('feedback')
        .insert({
          ...valid,
          title: '  Search is slow  ',
          website_url: 'WWW.Example.com:8443/search?q=1',
          category: 'bug',
        })
        .select('*')
        .single(),
    );
    expect(row).toMatchObject({
      title: 'Search is slow',
      raw_description: valid.description,
      website_url: 'https://WWW.Example.com:8443/search?q=1',
      website_host: 'example.com',
      user_id: user.id,
      user_email: user.email,
      user_name: 'Ada Lovelace',
      status: 'pending',
      quality_score: 3,
      upvotes: 0,
    });
  });

  // A developer testing their own site (issue #19 item 3).
  it.each([
    ['http://localhost:5173/x', 'localhost'],
    ['http://192.168.1.20/', '192.168.1.20'],
    ['http://intranet/', 'intranet'],
    ['http://[::1]:8080/', '[::1]'],
  ])('accepts feedback about %j (host %j)', async (url, host) => {
    const row = ok(
      await user.client
        .from('feedback')
        .insert({ ...valid, website_url: url })
        .select('website_url, website_host')
        .single(),
    );
    expect(row).toEqual({ website_url: url, website_host: host });
  });

  it('ignores AI and identity fields a client sends', async () => {
    const row = ok(
      await user.client
        .from('feedback')
        .insert({
          ...valid,
          user_email: 'someone@else.com',
          user_name: 'Someone Else',
          sentiment: 'positive',
          suggested_response: 'Injected',
          suggested_fix: 'Injected',
        })
        .select(
          'user_email, user_name, sentiment, suggested_response, suggested_fix',
        )
        .single(),
    );
    expect(row).toEqual({
      user_email: user.email,
      user_name: 'Ada Lovelace',
      sentiment: null,
      suggested_response: null,
      suggested_fix: null,
    });
  });

  it('defaults the category to other and the website to null', async () => {
    const row = ok(
      await user.client
        .from('feedback')
        .insert({ ...valid, website_url: '  ', category: '' })
        .select('category, website_url, website_host')
        .single(),
    );
    expect(row).toEqual({
      category: 'other',
      website_url: null,
      website_host: null,
    });
  });

  it('queues the AI step for every new feedback', async () => {
    const row = ok(
      await user.client.from('feedback').insert(valid).select('id').single(),
    );
    const jobs = await query(
      t,
      `select status, attempts from private.feedback_processing_jobs where feedback_id = $1`,
      [row.id],
    );
    expect(jobs).toEqual([{ status: 'pending', attempts: 0 }]);
  });
});

describe('attachment paths', () => {
  // Companies read the attachment paths, and the media bonus is paid for
  // them (security review L2): a path must be a file the author uploaded to
  // that bucket. Each upload has a folder of its own (L5).
  it.each([
    ['screenshot_url', 'screenshots', 'audio'],
    ['audio_url', 'audio', 'screenshots'],
  ] as const)(
    "refuses a %s never uploaded, another user's, or one in the other bucket",
    async (column, bucket, otherBucket) => {
      const [author, other] = [await createUser(t), await createUser(t)];
      const never = (await uploadMedia(author, bucket)).replace(
        /\/[^/]+$/,
        '/never-uploaded.bin',
      );
      for (const path of [
        `${author.id}/x.png`,
        never,
        await uploadMedia(other, bucket),
        await uploadMedia(author, otherBucket),
      ]) {
        const { error } = await author.client
          .from('feedback')
          .insert({ ...valid, [column]: path });
        expect(error?.message).toBe('Attach only files you uploaded yourself.');
      }
    },
  );

  it('accepts files the caller uploaded, each in a folder of its own', async () => {
    const author = await createUser(t);
    const shot = await uploadMedia(author, 'screenshots');
    const voice = await uploadMedia(author, 'audio');
    const row = ok(
      await author.client
        .from('feedback')
        .insert({ ...valid, screenshot_url: shot, audio_url: voice })
        .select('screenshot_url, audio_url')
        .single(),
    );
    expect(row).toEqual({ screenshot_url: shot, audio_url: voice });
    expect(shot.split('/')[0]).not.toBe(voice.split('/')[0]);
    expect(shot.split('/')[0]).not.toBe(author.id);
  });
});

describe('bad input is refused with a clear message and nothing is stored', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'a missing title',
      { ...valid, title: '   ' },
      'Please fill in title, description, and company name.',
    ],
    [
      'a missing company name',
      { ...valid, company_name: '' },
      'Please fill in title, description, and company name.',
    ],
    [
      'an unknown category',
      { ...valid, category: 'complaint' },
      'Unknown feedback category "complaint".',
    ],
    [
      'an overlong title',
      { ...valid, title: 'x'.repeat(201) },
      'Feedback titles are at most 200 characters long.',
    ],
    [
      'an overlong description',
      { ...valid, description: 'x'.repeat(5001) },
      'Feedback descriptions are at most 5000 characters long.',
    ],
    [
      'a malformed URL',
      { ...valid, website_url: 'http://exa mple.com' },
      'Please enter a valid website URL.',
    ],
    [
      'a non-web URL',
      { ...valid, website_url: 'javascript:alert(1)' },
      'Please enter a valid website URL.',
    ],
    [
      "another user's id",
      { ...valid, user_id: '00000000-0000-4000-8000-0000000000ff' },
      'You can only submit feedback as yourself.',
    ],
    [
      'a file that was never uploaded',
      {
        ...valid,
        screenshot_url: '00000000-0000-4000-8000-0000000000ff/x.png',
      },
      'Attach only files you uploaded yourself.',
    ],
  ];

  it.each(cases)('%s', async (_label, payload, message) => {
    const before = await statsOf(t, user.id);
    const count = (await query(t, 'select id from public.feedback')).length;
    const { error } = await user.client.from('feedback').insert(payload);
    expect(error?.message).toBe(message);
    expect((await query(t, 'select id from public.feedback')).length).toBe(
      count,
    );
    const after = await statsOf(t, user.id);
    expect(after.total_points).toBe(before.total_points);
    expect(after.feedback_count).toBe(before.feedback_count);
  });

  it('refuses a status or a vote count from the client', async () => {
    const { error } = await user.client
      .from('feedback')
      .insert({ ...valid, status: 'completed', upvotes: 100 });
    expect(error?.code).toBe('42501');
  });

  it('never lets the author change their feedback afterwards', async () => {
    const id = (await insertFeedback(t, user.id)).id;
    const { error } = await user.client
      .from('feedback')
      .update({ status: 'completed' })
      .eq('id', id);
    expect(error?.code).toBe('42501');
    const { error: deleteError } = await user.client
      .from('feedback')
      .delete()
      .eq('id', id);
    expect(deleteError?.code).toBe('42501');
  });
});

describe('rate limit', () => {
  it('refuses a 31st feedback within 10 minutes with HTTP 429', async () => {
    const busy = await createUser(t);
    for (let i = 0; i < 30; i++) await insertFeedback(t, busy.id);
    const { error, status } = await busy.client.from('feedback').insert(valid);
    expect(status).toBe(429);
    expect(error?.message).toBe(
      'You are sending feedback too fast. Please wait a few minutes.',
    );
    expect((await statsOf(t, busy.id)).feedback_count).toBe(30);
  });
});

describe('status workflow', () => {
  it('refuses moves outside the workflow, even for trusted code', async () => {
    const id = (await insertFeedback(t, user.id)).id;
    await expect(
      t.ctx.db.query(
        `update public.feedback set status = 'completed' where id = $1`,
        [id],
      ),
    ).rejects.toThrow('A feedback cannot move from pending to completed.');
    await t.ctx.db.query(
      `update public.feedback set status = 'read' where id = $1`,
      [id],
    );
    await expect(
      t.ctx.db.query(
        `update public.feedback set status = 'pending' where id = $1`,
        [id],
      ),
    ).rejects.toThrow('A feedback cannot move from read to pending.');
  });
});

describe('AI analysis', () => {
  it('stores the structured result and keeps the raw text', async () => {
    const id = (await insertFeedback(t, user.id, { description: 'raw words' }))
      .id;
    ok(
      await serviceClient(t).rpc('apply_feedback_analysis', {
        p_feedback_id: id,
        p_analysis: {
          description: 'Processed words.',
          priority: 'high',
          sentiment: 'negative',
          actionable: true,
          tags: ['Search', 'performance', 'search'],
          suggestedResponse: 'Thanks!',
          suggested_fix: 'Add an index.',
          quality_score: 4,
        },
      }),
    );
    const row = await one(
      t,
      `select description, raw_description, priority, sentiment, actionable, tags,
              suggested_response, suggested_fix, quality_score, quality_source,
              ai_processed_at is not null as processed
         from public.feedback where id = $1`,
      [id],
    );
    expect(row).toEqual({
      description: 'Processed words.',
      raw_description: 'raw words',
      priority: 'high',
      sentiment: 'negative',
      actionable: true,
      tags: ['performance', 'search'],
      suggested_response: 'Thanks!',
      suggested_fix: 'Add an index.',
      quality_score: 4,
      quality_source: 'ai',
      processed: true,
    });
  });

  it('refuses unknown enum values', async () => {
    const id = (await insertFeedback(t, user.id)).id;
    const { error } = await serviceClient(t).rpc('apply_feedback_analysis', {
      p_feedback_id: id,
      p_analysis: { priority: 'urgent' },
    });
    expect(error?.message).toBe('Unknown priority "urgent".');
  });
});

describe('own feedback list', () => {
  it('returns the caller’s feedback with view counts, and refuses another id', async () => {
    const other = await createUser(t);
    await insertFeedback(t, other.id);
    const rows = ok(
      await user.client.rpc('get_user_feedback', { p_user_id: user.id }),
    );
    expect(rows.length).toBeGreaterThan(0);
    const counts = ok(await user.client.rpc('get_user_feedback_view_counts'));
    expect(counts).toHaveLength(rows.length);
    const foreign = await user.client.rpc('get_user_feedback', {
      p_user_id: other.id,
    });
    expect(foreign.error?.message).toBe(
      'You can only act for your own account.',
    );
    expect(await ledgerOf(t, other.id)).toEqual([
      ['feedback_submitted', 5],
      ['first_feedback', 10],
    ]);
  });
});
