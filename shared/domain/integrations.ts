// Hand-off to issue trackers (#22): the trackers a company connects, what
// each needs, and what an issue says. Pure: shared by the `integrations`
// edge function (validation, issue text) and the web app (forms, labels).

export const TRACKERS = ['github', 'gitlab', 'linear', 'jira'] as const;
export type Tracker = (typeof TRACKERS)[number];

export const TRACKER_LABEL: Record<Tracker, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linear: 'Linear',
  jira: 'Jira',
};

export interface TrackerField {
  key: string;
  label: string;
  placeholder: string;
}

/** The settings each tracker needs besides its token. */
export const TRACKER_FIELDS: Record<Tracker, TrackerField[]> = {
  github: [
    { key: 'owner', label: 'Owner', placeholder: 'acme' },
    { key: 'repo', label: 'Repository', placeholder: 'website' },
  ],
  gitlab: [
    { key: 'base_url', label: 'GitLab URL', placeholder: 'https://gitlab.com' },
    {
      key: 'project',
      label: 'Project ID or path',
      placeholder: 'acme/website',
    },
  ],
  linear: [
    {
      key: 'team_id',
      label: 'Team ID',
      placeholder: '9cfb482a-81e3-4154-b5b9-2c805e70a02d',
    },
  ],
  jira: [
    {
      key: 'site_url',
      label: 'Jira site',
      placeholder: 'https://acme.atlassian.net',
    },
    { key: 'email', label: 'Account e-mail', placeholder: 'you@acme.com' },
    { key: 'project_key', label: 'Project key', placeholder: 'WEB' },
  ],
};

export const TOKEN_LABEL: Record<Tracker, string> = {
  github: 'Fine-grained personal access token (Issues: read and write)',
  gitlab: 'Project access token (api scope)',
  linear: 'Personal API key',
  jira: 'API token',
};

export const isTracker = (v: unknown): v is Tracker =>
  typeof v === 'string' && (TRACKERS as readonly string[]).includes(v);

export type TrackerConfig = Record<string, string>;

/** Last four characters of a token, all that is ever shown again. */
export const tokenHint = (token: string): string => token.trim().slice(-4);

/**
 * An https address without credentials, query or fragment, trailing slash
 * removed; `allowHttp` for tests on this machine only.
 */
function webBase(value: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const okProtocol =
    url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
  if (!okProtocol || url.username || url.password || url.search || url.hash)
    return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The checked settings of a tracker, or the first problem in words. GitLab's
 * and Jira's addresses must be https (the SSRF guard checks their addresses
 * again before each call).
 */
export function validateTrackerConfig(
  provider: Tracker,
  raw: unknown,
  options: { allowHttp?: boolean } = {},
): { config: TrackerConfig } | { error: string } {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<
    string,
    unknown
  >;
  const config: TrackerConfig = {};
  for (const field of TRACKER_FIELDS[provider]) {
    const v = input[field.key];
    if (typeof v !== 'string' || v.trim() === '' || v.length > 300)
      return { error: `${field.label} is required.` };
    config[field.key] = v.trim();
  }
  const name = /^[A-Za-z0-9_.-]{1,100}$/;
  switch (provider) {
    case 'github':
      if (!name.test(config.owner!) || !name.test(config.repo!))
        return { error: 'Owner and repository are names like acme/website.' };
      break;
    case 'gitlab': {
      const base = webBase(config.base_url!, !!options.allowHttp);
      if (!base)
        return { error: 'The GitLab URL must be an https:// address.' };
      config.base_url = base;
      if (!/^[A-Za-z0-9_.\-/]{1,200}$/.test(config.project!))
        return { error: 'The project is its numeric ID or its path.' };
      break;
    }
    case 'linear':
      if (!/^[A-Za-z0-9-]{1,64}$/.test(config.team_id!))
        return {
          error: 'The team ID is the UUID from Linear’s team settings.',
        };
      break;
    case 'jira': {
      const base = webBase(config.site_url!, !!options.allowHttp);
      if (!base) return { error: 'The Jira site must be an https:// address.' };
      config.site_url = base;
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(config.email!))
        return { error: 'The account e-mail is not an e-mail address.' };
      if (!/^[A-Z][A-Z0-9_]{0,29}$/.test(config.project_key!))
        return { error: 'The project key is in capitals, like WEB.' };
      break;
    }
  }
  return { config };
}

/** Where an issue says it came from (what prepare_tracker_issue returns). */
export type IssueSource =
  | {
      kind: 'feedback';
      id: string;
      title: string;
      description: string | null;
      category: string | null;
      priority: string | null;
      page: string | null;
      created_at?: string;
    }
  | {
      kind: 'topic';
      id: string;
      title: string;
      feedback_count: number;
      contributor_count: number;
      feedback_titles: string[];
    };

/** Host and path of a page address, never its query (it may carry tokens). */
export function pageHostPath(page: string | null): string | null {
  if (!page) return null;
  try {
    const u = new URL(page);
    return `${u.host}${u.pathname}`;
  } catch {
    return null;
  }
}

export interface IssueText {
  title: string;
  /** Paragraphs and bullet lists; each tracker renders them its own way. */
  blocks: ({ kind: 'p'; text: string } | { kind: 'ul'; items: string[] })[];
  labels: string[];
}

/** What an issue says: company-visible fields only, never the author. */
export function issueText(
  source: IssueSource,
  dashboardUrl: string,
): IssueText {
  const title = source.title.trim().slice(0, 250) || 'Feedback from Peega';
  const blocks: IssueText['blocks'] = [];
  if (source.kind === 'feedback') {
    if (source.description)
      blocks.push({ kind: 'p', text: source.description });
    const facts: string[] = [];
    if (source.category) facts.push(`Category: ${source.category}`);
    if (source.priority) facts.push(`Priority: ${source.priority}`);
    const page = pageHostPath(source.page);
    if (page) facts.push(`Page: ${page}`);
    if (facts.length) blocks.push({ kind: 'ul', items: facts });
  } else {
    blocks.push({
      kind: 'p',
      text: `A topic of ${source.feedback_count} feedback from ${source.contributor_count} ${source.contributor_count === 1 ? 'person' : 'people'}.`,
    });
    if (source.feedback_titles.length)
      blocks.push({ kind: 'ul', items: source.feedback_titles.slice(0, 10) });
  }
  blocks.push({ kind: 'p', text: `Open in Peega: ${dashboardUrl}` });
  const labels = ['peega'];
  if (source.kind === 'feedback' && source.category)
    labels.push(source.category);
  return { title, blocks, labels };
}

/** The text as Markdown (GitHub, GitLab, Linear). */
export function issueMarkdown(text: IssueText): string {
  return text.blocks
    .map((b) =>
      b.kind === 'p' ? b.text : b.items.map((i) => `- ${i}`).join('\n'),
    )
    .join('\n\n');
}

/** The text as an Atlassian Document Format document (Jira Cloud API v3). */
export function issueAdf(text: IssueText): Record<string, unknown> {
  const para = (t: string) => ({
    type: 'paragraph',
    content: t ? [{ type: 'text', text: t }] : [],
  });
  return {
    type: 'doc',
    version: 1,
    content: text.blocks.map((b) =>
      b.kind === 'p'
        ? para(b.text)
        : {
            type: 'bulletList',
            content: b.items.map((i) => ({
              type: 'listItem',
              content: [para(i)],
            })),
          },
    ),
  };
}

/** How people name a created issue: "GitHub #12", "Linear ENG-12". */
export const issueLabel = (provider: Tracker, key: string): string =>
  `${TRACKER_LABEL[provider]} ${key}`;

/**
 * What closing a tracker issue changed (#40 item 1), or null before then:
 * `(9, 2)` → 'Closing it completed 9 feedback; 2 rejected stay rejected.'
 */
export function trackerCloseSummary(
  completed: number | null,
  keptRejected: number | null,
): string | null {
  if (completed === null) return null;
  const done =
    completed === 0
      ? 'Closing it completed nothing: all was already decided.'
      : `Closing it completed ${completed} feedback`;
  if (!keptRejected) return completed === 0 ? done : `${done}.`;
  const kept = `${keptRejected} rejected ${keptRejected === 1 ? 'stays' : 'stay'} rejected.`;
  return completed === 0
    ? `Closing it completed nothing; ${kept}`
    : `${done}; ${kept}`;
}
