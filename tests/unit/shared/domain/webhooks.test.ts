import { describe, expect, it } from 'vitest';
import { isPrivateAddress, webhookUrlError } from '@shared/domain/webhooks';

describe('isPrivateAddress', () => {
  it.each([
    ['10.1.2.3', true],
    ['127.0.0.1', true],
    ['169.254.169.254', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.10', true],
    ['100.64.0.1', true],
    ['100.128.0.1', false],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2606:4700::1111', false],
    ['not-an-ip', true],
    // Red-team finding L15: IPv6 forms of private addresses.
    ['::ffff:7f00:1', true],
    ['[::ffff:169.254.169.254]', true],
    ['::ffff:a9fe:a9fe', true],
    ['::ffff:0808:0808', false],
    ['::127.0.0.1', true],
    ['64:ff9b::a00:1', true],
    ['64:ff9b::808:808', false],
    ['2002:c0a8:0101::1', true],
    ['2002:0808:0808::1', false],
    ['ff02::1', true],
    ['fec0::1', true],
    ['fe80::1%eth0', true],
    ['2001:db8::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['198.18.0.1', true],
    ['192.0.0.8', true],
    ['300.1.1.1', true],
    ['1::2::3', true],
  ] as const)('%s → %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

describe('webhookUrlError', () => {
  const MALFORMED =
    'Please enter a valid webhook URL, like https://hooks.example.com/peega.';
  it.each([
    ['https://hooks.example.com/x', true, null],
    ['http://hooks.example.com/x', true, 'Webhook URLs must use HTTPS.'],
    ['http://127.0.0.1:9000/x', false, null],
    [
      'https://localhost/x',
      true,
      'Webhook URLs cannot point at private or local addresses.',
    ],
    [
      'https://10.0.0.2/x',
      true,
      'Webhook URLs cannot point at private or local addresses.',
    ],
    [
      'https://[::1]/x',
      true,
      'Webhook URLs cannot point at private or local addresses.',
    ],
    [
      'https://db.internal/x',
      true,
      'Webhook URLs cannot point at private or local addresses.',
    ],
    ['ftp://example.com', true, MALFORMED],
    ['nope', false, MALFORMED],
  ] as const)('%s (production %s)', (url, production, expected) => {
    expect(webhookUrlError(url, { production })).toBe(expected);
  });
});
