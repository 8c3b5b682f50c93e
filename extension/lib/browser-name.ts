/**
 * Browser name and major version from a user-agent string, e.g.
 * 'Chrome 156' (Edge and Opera before Chrome, which they also name).
 */
export function browserName(userAgent: string): string {
  for (const [name, pattern] of [
    ['Edge', /Edg\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /Firefox\/(\d+)/],
    ['Chrome', /Chrom(?:e|ium)\/(\d+)/],
    ['Safari', /Version\/(\d+).*Safari/],
  ] as const) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return 'Unknown browser';
}
