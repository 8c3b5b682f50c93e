/**
 * The operating system from the user-agent string (and the client hint
 * `navigator.userAgentData.platform` where the browser has it).
 */
export function osName(userAgent: string, platform?: string): string {
  const hint = platform?.trim();
  if (hint && hint !== 'Unknown') return hint === 'macOS' ? 'macOS' : hint;
  for (const [name, pattern] of [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['ChromeOS', /CrOS/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux/],
  ] as const) {
    if (pattern.test(userAgent)) return name;
  }
  return 'Unknown OS';
}

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
