/**
 * Company webhooks (issue #8): which endpoints may be called. The database
 * checks literal hosts when a webhook is registered; the delivery worker
 * checks the addresses a host name resolves to.
 */
import { isPrivateAddress } from './addresses.ts';

export { isPrivateAddress };

/** Where a webhook may point, or the message saying why not. */
export function webhookUrlError(
  input: string,
  options: { readonly production: boolean },
): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return 'Please enter a valid webhook URL, like https://hooks.example.com/peega.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'Please enter a valid webhook URL, like https://hooks.example.com/peega.';
  if (!options.production) return null;
  if (url.protocol !== 'https:') return 'Webhook URLs must use HTTPS.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = /^[\d.]+$/.test(host) || host.includes(':');
  if (
    host === 'localhost' ||
    /\.(localhost|local|internal)$/.test(host) ||
    (literal && isPrivateAddress(host))
  )
    return 'Webhook URLs cannot point at private or local addresses.';
  return null;
}

/**
 * Text for Slack's mrkdwn: `&`, `<` and `>` become entities, so text a
 * consumer wrote cannot mention (`<!channel>`, `<@U123>`) or hide a link
 * (`<https://evil|Click>`). Slack documents exactly these three escapes.
 */
export function escapeSlackText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
