/**
 * Company webhooks (issue #8): which endpoints may be called. The database
 * checks literal hosts when a webhook is registered; the delivery worker
 * checks the addresses a host name resolves to.
 */

const PRIVATE_V4: readonly (readonly [number, number, number])[] = [
  // [first octet, second octet from, second octet to]
  [0, 0, 255],
  [10, 0, 255],
  [100, 64, 127],
  [127, 0, 255],
  [169, 254, 254],
  [172, 16, 31],
  [192, 168, 168],
];

/**
 * True when an IP address must not receive webhooks: IPv4 in 0/8, 10/8,
 * 100.64/10 (CGNAT), 127/8, 169.254/16, 172.16/12, 192.168/16, 224/4 and
 * above; IPv6 loopback `::1`, unspecified `::`, unique-local `fc00::/7`,
 * link-local `fe80::/10`, and IPv4-mapped private addresses. Anything that
 * is not an IP literal is treated as private (refused).
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.trim().toLowerCase();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    if (a >= 224) return true;
    return PRIVATE_V4.some(
      ([first, from, to]) => a === first && b >= from && b <= to,
    );
  }
  if (!ip.includes(':')) return true;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  if (ip === '::1' || ip === '::') return true;
  return /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip);
}

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
