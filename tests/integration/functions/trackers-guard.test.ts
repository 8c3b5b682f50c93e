import { describe, expect, it, vi } from 'vitest';
import { issueText } from '../../../shared/domain/integrations.ts';
import {
  createTrackerIssue,
  TrackerError,
} from '../../../supabase/functions/_shared/trackers/create-issue.ts';

// #22: a company's GitLab or Jira address is called only when it is https
// and every address of its host is public (the SSRF guard), whatever the
// company typed; GitHub's address is the operator's.
const text = issueText(
  {
    kind: 'feedback',
    id: 'f',
    title: 'T',
    description: 'D',
    category: null,
    priority: null,
    page: null,
  },
  'https://peega.test/',
);

describe('the SSRF guard of GitLab and Jira', () => {
  it.each([
    [
      'gitlab',
      { base_url: 'https://gitlab.acme.test', project: '1' },
      ['10.0.0.5'],
    ],
    [
      'jira',
      {
        site_url: 'https://acme.atlassian.test',
        email: 'a@b.co',
        project_key: 'W',
      },
      ['127.0.0.1'],
    ],
    [
      'gitlab',
      { base_url: 'https://gitlab.acme.test', project: '1' },
      ['93.184.216.34', 'fd00::1'],
    ],
  ] as const)(
    '%s resolving to %j is not called',
    async (provider, config, addresses) => {
      const fetch = vi.fn();
      const lookup = vi.fn(async () => [...addresses]);
      const call = createTrackerIssue(
        provider,
        config,
        'tok',
        text,
        {},
        { fetch, lookup },
      );
      await expect(call).rejects.toThrow(TrackerError);
      await expect(call).rejects.toThrow(
        /resolves to a private or local address/,
      );
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('http is refused outside tests', async () => {
    const fetch = vi.fn();
    await expect(
      createTrackerIssue(
        'jira',
        { site_url: 'http://acme.test', email: 'a@b.co', project_key: 'W' },
        't',
        text,
        {},
        {
          fetch,
          lookup: async () => ['93.184.216.34'],
        },
      ),
    ).rejects.toThrow('The Jira address must use https.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a public host is called without following redirects', async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        { iid: 3, web_url: 'https://gitlab.acme.test/i/3' },
        { status: 201 },
      ),
    );
    const issue = await createTrackerIssue(
      'gitlab',
      { base_url: 'https://gitlab.acme.test', project: 'a/b' },
      't',
      text,
      {},
      {
        fetch,
        lookup: async () => ['93.184.216.34'],
      },
    );
    expect(issue).toEqual({
      externalId: '3',
      key: '#3',
      url: 'https://gitlab.acme.test/i/3',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe(
      'https://gitlab.acme.test/api/v4/projects/a%2Fb/issues',
    );
    expect(init.redirect).toBe('manual');
  });

  it('a redirect is an error, not followed', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(null, {
          status: 302,
          headers: { location: 'http://10.0.0.1/' },
        }),
    );
    await expect(
      createTrackerIssue(
        'gitlab',
        { base_url: 'https://gitlab.acme.test', project: '1' },
        't',
        text,
        {},
        {
          fetch,
          lookup: async () => ['93.184.216.34'],
        },
      ),
    ).rejects.toThrow(/GitLab refused the issue \(HTTP 302\)/);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
