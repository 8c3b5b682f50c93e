/**
 * Which IP addresses the backend may call on a customer's behalf (webhooks,
 * domain verification): public unicast only. Pure, so the Node worker and
 * the Deno edge functions share it.
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
  [198, 18, 19],
];

function privateV4(a: number, b: number, c: number): boolean {
  if (a >= 224) return true; // multicast, reserved, broadcast
  if (a === 192 && b === 0 && c === 0) return true; // IETF protocol assignments
  return PRIVATE_V4.some(
    ([first, from, to]) => a === first && b >= from && b <= to,
  );
}

/** The eight 16-bit groups of an IPv6 literal, or null if it is not one. */
function ipv6Groups(ip: string): number[] | null {
  let s = ip.replace(/%.*$/, ''); // zone id
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) {
    const o = v4.slice(1).map(Number);
    if (o.some((n) => n > 255)) return null;
    const hex = (n: number) => n.toString(16);
    s = `${s.slice(0, v4.index)}${hex(o[0]! * 256 + o[1]!)}:${hex(o[2]! * 256 + o[3]!)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const part = (h: string) => (h === '' ? [] : h.split(':'));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * True when an IP address must not be called: IPv4 in 0/8, 10/8,
 * 100.64/10 (CGNAT), 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.168/16,
 * 198.18/15, 224/4 and above; IPv6 unspecified, loopback, unique-local
 * `fc00::/7`, link- and site-local `fe80::/9`, multicast `ff00::/8`,
 * documentation, discard and Teredo prefixes, and IPv4 embedded in IPv6
 * (mapped `::ffff:`, compatible `::`, NAT64 `64:ff9b::`, 6to4 `2002::`)
 * when the IPv4 address is private. Anything that is not an IP literal is
 * treated as private (refused).
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    if ([a, b, c, d].some((n) => n > 255)) return true;
    return privateV4(a, b, c);
  }
  const g = ipv6Groups(ip);
  if (!g) return true;
  const embedded = (hi: number, lo: number) =>
    privateV4(hi >> 8, hi & 0xff, lo >> 8);
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::, ::1, ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped)
  if (zeros(6)) return g[6] === 0 || embedded(g[6]!, g[7]!);
  if (zeros(5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!);
  // 64:ff9b::/96 carries an IPv4 address; 64:ff9b:1::/48 is local use.
  if (g[0] === 0x64 && g[1] === 0xff9b)
    return g[2] !== 0 || embedded(g[6]!, g[7]!);
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!);
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return true;
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return true;
  const first = g[0]!;
  return (
    (first & 0xfe00) === 0xfc00 || // fc00::/7
    (first & 0xff80) === 0xfe80 || // fe80::/10 and fec0::/10
    (first & 0xff00) === 0xff00 // multicast
  );
}
