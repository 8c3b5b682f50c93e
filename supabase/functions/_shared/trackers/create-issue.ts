// Creating an issue in a company's tracker (#22), as each tracker's public
// REST/GraphQL API documents it. GitHub's and Linear's addresses are fixed
// (tests point them at fake servers through PEEGA_GITHUB_API_URL and
// PEEGA_LINEAR_API_URL, never through anything a user sends); GitLab's and
// Jira's come from the company and go through the SSRF guard first.
import {
  issueAdf,
  issueMarkdown,
  TRACKER_LABEL,
  type IssueText,
  type Tracker,
  type TrackerConfig,
} from '../../../../shared/domain/integrations.ts';
import { bareHost, resolvesToPublic, type Lookup } from '../public-fetch.ts';

export type Env = Record<string, string | undefined>;

export interface TrackerDeps {
  fetch: typeof fetch;
  lookup: Lookup;
}

/** A failure worded for the person who clicked "Create issue". */
export class TrackerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface CreatedIssue {
  /** What the tracker's webhook names the issue by. */
  externalId: string;
  /** '#12', 'ENG-12', 'WEB-12'. */
  key: string;
  url: string;
}

interface Call {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 10_000;

function where(provider: Tracker, config: TrackerConfig): string {
  switch (provider) {
    case 'github':
      return `the repository ${config.owner}/${config.repo}`;
    case 'gitlab':
      return `the project ${config.project}`;
    case 'linear':
      return `the team ${config.team_id}`;
    case 'jira':
      return `the project ${config.project_key}`;
  }
}

function request(
  provider: Tracker,
  config: TrackerConfig,
  token: string,
  text: IssueText,
  env: Env,
): Call {
  const markdown = issueMarkdown(text);
  switch (provider) {
    case 'github': {
      const api = (
        env.PEEGA_GITHUB_API_URL || 'https://api.github.com'
      ).replace(/\/+$/, '');
      return {
        url: `${api}/repos/${encodeURIComponent(config.owner!)}/${encodeURIComponent(config.repo!)}/issues`,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'Peega-Integrations/1',
          'content-type': 'application/json',
        },
        body: { title: text.title, body: markdown, labels: text.labels },
      };
    }
    case 'gitlab':
      return {
        url: `${config.base_url}/api/v4/projects/${encodeURIComponent(config.project!)}/issues`,
        headers: {
          'private-token': token,
          'content-type': 'application/json',
          'user-agent': 'Peega-Integrations/1',
        },
        body: {
          title: text.title,
          description: markdown,
          labels: text.labels.join(','),
        },
      };
    case 'linear':
      return {
        url: env.PEEGA_LINEAR_API_URL || 'https://api.linear.app/graphql',
        headers: {
          authorization: token,
          'content-type': 'application/json',
          'user-agent': 'Peega-Integrations/1',
        },
        body: {
          query:
            'mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id identifier url } } }',
          variables: {
            input: {
              teamId: config.team_id,
              title: text.title,
              description: markdown,
            },
          },
        },
      };
    case 'jira':
      return {
        url: `${config.site_url}/rest/api/3/issue`,
        headers: {
          authorization: `Basic ${btoa(`${config.email}:${token}`)}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'Peega-Integrations/1',
        },
        body: {
          fields: {
            project: { key: config.project_key },
            summary: text.title,
            description: issueAdf(text),
            issuetype: { name: 'Task' },
            // No labels: Jira refuses fields missing from the project's create screen.
          },
        },
      };
  }
}

/** GitLab and Jira: the company's host must be public (unless tests allow this machine). */
async function guard(url: URL, env: Env, deps: TrackerDeps, label: string) {
  if (env.WEBHOOKS_ALLOW_PRIVATE === '1') return;
  if (url.protocol !== 'https:')
    throw new TrackerError(`The ${label} address must use https.`, 400);
  let isPublic: boolean;
  try {
    isPublic = await resolvesToPublic(bareHost(url), deps.lookup);
  } catch {
    throw new TrackerError(`${url.hostname} could not be resolved.`, 502);
  }
  if (!isPublic)
    throw new TrackerError(
      `${url.hostname} resolves to a private or local address.`,
      400,
    );
}

const firstMessage = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as {
    message?: unknown;
    errors?: unknown;
    errorMessages?: unknown;
    error?: unknown;
  };
  if (typeof b.message === 'string') return b.message;
  if (Array.isArray(b.errorMessages) && typeof b.errorMessages[0] === 'string')
    return b.errorMessages[0];
  if (Array.isArray(b.errors)) {
    const e = b.errors[0] as { message?: unknown } | undefined;
    if (typeof e?.message === 'string') return e.message;
  }
  if (b.errors && typeof b.errors === 'object')
    return Object.values(b.errors as Record<string, unknown>)
      .filter((v) => typeof v === 'string')
      .join(' ');
  if (typeof b.error === 'string') return b.error;
  return undefined;
};

function refusal(
  provider: Tracker,
  config: TrackerConfig,
  status: number,
  body: unknown,
): TrackerError {
  const label = TRACKER_LABEL[provider];
  if (status === 401 || status === 403)
    return new TrackerError(
      `${label} refused the token (HTTP ${status}). Check in Settings → Integrations that it is valid and may create issues in ${where(provider, config)}.`,
      502,
    );
  if (status === 404)
    return new TrackerError(
      `${label} does not know ${where(provider, config)}, or the token cannot see it (HTTP 404).`,
      502,
    );
  if (status === 429)
    return new TrackerError(
      `${label} asks us to slow down (HTTP 429). Try again in a minute.`,
      503,
    );
  const detail = firstMessage(body);
  return new TrackerError(
    status >= 500
      ? `${label} had a problem (HTTP ${status}). Try again later.`
      : `${label} refused the issue (HTTP ${status})${detail ? `: ${detail.slice(0, 200)}` : '.'}`,
    502,
  );
}

function created(
  provider: Tracker,
  config: TrackerConfig,
  body: unknown,
): CreatedIssue | null {
  const b = (body ?? {}) as Record<string, unknown>;
  switch (provider) {
    case 'github':
      return typeof b.number === 'number' && typeof b.html_url === 'string'
        ? { externalId: String(b.number), key: `#${b.number}`, url: b.html_url }
        : null;
    case 'gitlab':
      return typeof b.iid === 'number' && typeof b.web_url === 'string'
        ? { externalId: String(b.iid), key: `#${b.iid}`, url: b.web_url }
        : null;
    case 'linear': {
      const r = (
        b.data as
          | {
              issueCreate?: {
                success?: boolean;
                issue?: Record<string, unknown>;
              };
            }
          | undefined
      )?.issueCreate;
      const i = r?.issue;
      return r?.success &&
        typeof i?.id === 'string' &&
        typeof i.url === 'string'
        ? { externalId: i.id, key: String(i.identifier ?? i.id), url: i.url }
        : null;
    }
    case 'jira':
      return (typeof b.id === 'string' || typeof b.id === 'number') &&
        typeof b.key === 'string'
        ? {
            externalId: String(b.id),
            key: b.key,
            url: `${config.site_url}/browse/${b.key}`,
          }
        : null;
  }
}

/** Creates the issue; TrackerError with a message for people otherwise. */
export async function createTrackerIssue(
  provider: Tracker,
  config: TrackerConfig,
  token: string,
  text: IssueText,
  env: Env,
  deps: TrackerDeps,
): Promise<CreatedIssue> {
  const label = TRACKER_LABEL[provider];
  const call = request(provider, config, token, text, env);
  const url = new URL(call.url);
  if (provider === 'gitlab' || provider === 'jira')
    await guard(url, env, deps, label);
  const timeoutMs = Number(env.TRACKER_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  let res: Response;
  try {
    res = await deps.fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: call.headers,
      body: JSON.stringify(call.body),
    });
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    throw new TrackerError(
      name === 'TimeoutError' || name === 'AbortError'
        ? `${label} did not answer within ${Math.round(timeoutMs / 1000)} s. Try again later.`
        : `${label} could not be reached. Try again later.`,
      504,
    );
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  // Linear answers GraphQL errors (a bad key too) with errors[], often HTTP 200 or 400.
  if (provider === 'linear' && res.status < 500) {
    const errors = (
      body as {
        errors?: { message?: string; extensions?: { code?: string } }[];
      } | null
    )?.errors;
    if (errors?.length) {
      const e = errors[0]!;
      const auth = /auth/i.test(
        `${e.extensions?.code ?? ''} ${e.message ?? ''}`,
      );
      throw refusal(
        provider,
        config,
        auth ? 401 : res.status === 200 ? 400 : res.status,
        body,
      );
    }
  }
  if (res.status < 200 || res.status > 299)
    throw refusal(provider, config, res.status, body);
  const issue = created(provider, config, body);
  if (!issue)
    throw new TrackerError(`${label} answered without the created issue.`, 502);
  return issue;
}
