import { describe, expect, it } from 'vitest';
import {
  issueAdf,
  issueMarkdown,
  issueText,
  pageHostPath,
  tokenHint,
  trackerCloseSummary,
  validateTrackerConfig,
} from '../../../../shared/domain/integrations.ts';

describe('validateTrackerConfig', () => {
  it('keeps what each tracker needs, trimmed', () => {
    expect(
      validateTrackerConfig('github', {
        owner: ' acme ',
        repo: 'site',
        extra: 'x',
      }),
    ).toEqual({
      config: { owner: 'acme', repo: 'site' },
    });
  });
  it.each([
    ['github', { owner: 'acme' }, 'Repository is required.'],
    [
      'github',
      { owner: 'ac/me', repo: 'x' },
      'Owner and repository are names like acme/website.',
    ],
    [
      'gitlab',
      { base_url: 'http://gitlab.acme.test', project: '1' },
      'The GitLab URL must be an https:// address.',
    ],
    [
      'gitlab',
      { base_url: 'https://user:pw@gitlab.acme.test', project: '1' },
      'The GitLab URL must be an https:// address.',
    ],
    [
      'jira',
      {
        site_url: 'https://acme.atlassian.net',
        email: 'no',
        project_key: 'WEB',
      },
      'The account e-mail is not an e-mail address.',
    ],
    [
      'jira',
      {
        site_url: 'https://acme.atlassian.net',
        email: 'a@b.co',
        project_key: 'web',
      },
      'The project key is in capitals, like WEB.',
    ],
    [
      'linear',
      { team_id: 'a b' },
      'The team ID is the UUID from Linear’s team settings.',
    ],
  ] as const)('%s %j → %s', (provider, config, error) => {
    expect(validateTrackerConfig(provider, config)).toEqual({ error });
  });
  it('http only when tests allow it; the trailing slash goes', () => {
    expect(
      validateTrackerConfig(
        'gitlab',
        { base_url: 'http://127.0.0.1:9/', project: 'a/b' },
        { allowHttp: true },
      ),
    ).toEqual({ config: { base_url: 'http://127.0.0.1:9', project: 'a/b' } });
  });
});

describe('issue text', () => {
  const feedback = {
    kind: 'feedback' as const,
    id: 'f1',
    title: 'Pay fails',
    description: 'It spins.',
    category: 'bug',
    priority: 'high',
    page: 'https://shop.acme.test/pay?token=secret#x',
  };
  it('a feedback: description, facts, page without query, link back', () => {
    const text = issueText(
      feedback,
      'https://peega.test/company-dashboard?feedback=f1',
    );
    expect(issueMarkdown(text)).toBe(
      'It spins.\n\n- Category: bug\n- Priority: high\n- Page: shop.acme.test/pay\n\nOpen in Peega: https://peega.test/company-dashboard?feedback=f1',
    );
    expect(text.labels).toEqual(['peega', 'bug']);
  });
  it('a topic: counts and at most 10 titles', () => {
    const titles = Array.from({ length: 12 }, (_, i) => `T${i}`);
    const text = issueText(
      {
        kind: 'topic',
        id: 't',
        title: 'Dark mode',
        feedback_count: 12,
        contributor_count: 1,
        feedback_titles: titles,
      },
      'u',
    );
    expect(text.blocks[0]).toEqual({
      kind: 'p',
      text: 'A topic of 12 feedback from 1 person.',
    });
    expect(text.blocks[1]).toMatchObject({
      kind: 'ul',
      items: titles.slice(0, 10),
    });
  });
  it('Atlassian Document Format for Jira', () => {
    const adf = issueAdf(issueText(feedback, 'u'));
    expect(adf).toMatchObject({ type: 'doc', version: 1 });
    expect((adf.content as { type: string }[]).map((c) => c.type)).toEqual([
      'paragraph',
      'bulletList',
      'paragraph',
    ]);
  });
  it('helpers', () => {
    expect(tokenHint(' ghp_abcdef1234 ')).toBe('1234');
    expect(pageHostPath('not a url')).toBeNull();
  });
});

describe('trackerCloseSummary (#40 item 1)', () => {
  it('says what the close completed and what stayed rejected', () => {
    expect(trackerCloseSummary(null, null)).toBeNull();
    expect(trackerCloseSummary(9, 2)).toBe(
      'Closing it completed 9 feedback; 2 rejected stay rejected.',
    );
    expect(trackerCloseSummary(11, 0)).toBe(
      'Closing it completed 11 feedback.',
    );
    expect(trackerCloseSummary(0, 1)).toBe(
      'Closing it completed nothing; 1 rejected stays rejected.',
    );
    expect(trackerCloseSummary(0, 0)).toBe(
      'Closing it completed nothing: all was already decided.',
    );
  });
});
