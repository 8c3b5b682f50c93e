// A tracker's webhook (#22): is it signed with the secret Peega gave the
// company, and does it say an issue was closed? Checked on the raw body, in
// constant time, before anything is parsed.
//   GitHub  X-Hub-Signature-256: sha256=HMAC(secret, body); X-GitHub-Event: issues, action closed
//   GitLab  X-Gitlab-Token: secret; X-Gitlab-Event: Issue Hook, object_attributes.action close
//   Linear  Linear-Signature: hex HMAC(secret, body); webhookTimestamp within 60 s;
//           type Issue with state.type completed or canceled
//   Jira    X-Hub-Signature: sha256=HMAC(secret, body); jira:issue_updated, status category done
import type { Tracker } from '../../../../shared/domain/integrations.ts';
import { hmacHex, sameText } from '../secret-box.ts';

export type WebhookVerdict =
  | { ok: false; error: string }
  /** `closed`: the tracker's id of the closed issue; null when the event is about something else. */
  | { ok: true; closed: string | null };

/** How far a Linear delivery's webhookTimestamp may be from now. */
export const LINEAR_MAX_AGE_MS = 60_000;

const refuse = (error: string): WebhookVerdict => ({ ok: false, error });

function parse(raw: Uint8Array): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(new TextDecoder().decode(raw));
    return typeof v === 'object' && v !== null
      ? (v as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

const idOf = (v: unknown): string | null =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : null;

export async function verifyTrackerWebhook(
  provider: Tracker,
  secret: string,
  headers: Headers,
  raw: Uint8Array<ArrayBuffer>,
  now: number = Date.now(),
): Promise<WebhookVerdict> {
  switch (provider) {
    case 'github': {
      const sig = headers.get('x-hub-signature-256') ?? '';
      if (!sameText(sig, `sha256=${await hmacHex(secret, raw)}`))
        return refuse('The X-Hub-Signature-256 signature does not match.');
      const body = parse(raw);
      if (!body) return refuse('The body is not JSON.');
      if (
        headers.get('x-github-event') !== 'issues' ||
        body.action !== 'closed'
      )
        return { ok: true, closed: null };
      return { ok: true, closed: idOf(obj(body.issue).number) };
    }
    case 'gitlab': {
      if (!sameText(headers.get('x-gitlab-token') ?? '', secret))
        return refuse('The X-Gitlab-Token does not match.');
      const body = parse(raw);
      if (!body) return refuse('The body is not JSON.');
      const attrs = obj(body.object_attributes);
      if (
        headers.get('x-gitlab-event') !== 'Issue Hook' ||
        attrs.action !== 'close'
      )
        return { ok: true, closed: null };
      return { ok: true, closed: idOf(attrs.iid) };
    }
    case 'linear': {
      const sig = headers.get('linear-signature') ?? '';
      if (!sameText(sig, await hmacHex(secret, raw)))
        return refuse('The Linear-Signature does not match.');
      const body = parse(raw);
      if (!body) return refuse('The body is not JSON.');
      const at = Number(body.webhookTimestamp);
      if (!Number.isFinite(at) || Math.abs(now - at) > LINEAR_MAX_AGE_MS)
        return refuse('The webhookTimestamp is more than 60 seconds away.');
      const data = obj(body.data);
      const state = obj(data.state).type;
      if (
        body.type !== 'Issue' ||
        (state !== 'completed' && state !== 'canceled')
      )
        return { ok: true, closed: null };
      return { ok: true, closed: idOf(data.id) };
    }
    case 'jira': {
      const sig = headers.get('x-hub-signature') ?? '';
      if (!sameText(sig, `sha256=${await hmacHex(secret, raw)}`))
        return refuse('The X-Hub-Signature signature does not match.');
      const body = parse(raw);
      if (!body) return refuse('The body is not JSON.');
      const issue = obj(body.issue);
      const category = obj(obj(obj(issue.fields).status).statusCategory).key;
      if (body.webhookEvent !== 'jira:issue_updated' || category !== 'done')
        return { ok: true, closed: null };
      return { ok: true, closed: idOf(issue.id) };
    }
  }
}
