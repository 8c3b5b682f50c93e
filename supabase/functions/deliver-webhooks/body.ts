// The request a company's webhook endpoint receives: the anonymised JSON (or
// Slack text) signed with the endpoint's secret.
import { escapeSlackText } from '../../../shared/domain/webhooks.ts';

export interface Delivery {
  url: string;
  format: 'json' | 'slack';
  secret: string;
  verified: boolean;
  payload: {
    company: string;
    feedback: {
      title: string;
      /** Null on a plan with a view allowance: the text is behind the view. */
      description: string | null;
      category: string;
      website_url: string | null;
      website_host: string | null;
    };
  };
}

/** HMAC-SHA256 signature header value of a body: `sha256=<hex>` (Web Crypto: Deno and Node). */
export async function signWebhookBody(
  secret: string,
  body: string,
): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, enc.encode(body)),
  );
  return `sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The request body of one delivery in its endpoint's format. */
export function webhookBody(delivery: Delivery): string {
  if (delivery.format === 'slack') {
    const f = delivery.payload.feedback;
    // Every value is the consumer's (or derived from it): escaped for mrkdwn
    // after cutting, so an entity is never cut in half (red-team finding L14).
    const e = escapeSlackText;
    const body =
      f.description === null
        ? 'Open it in your Peega dashboard to read it.'
        : e(f.description.slice(0, 500));
    return JSON.stringify({
      text: `New ${e(f.category)} feedback on ${e(f.website_host ?? 'your site')}: *${e(f.title)}*\n${body}`,
    });
  }
  return JSON.stringify(delivery.payload);
}
