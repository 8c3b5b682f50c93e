// The `Prefer` header (v14 Preferences.hs): first recognised value of each
// kind wins, unknown values are reported only under handling=strict.

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  representation?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  tx?: 'commit' | 'rollback';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  invalid: string[];
}

const KINDS = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  representation: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const;

const PREFIX: Record<keyof typeof KINDS, string> = {
  resolution: 'resolution=',
  representation: 'return=',
  count: 'count=',
  tx: 'tx=',
  missing: 'missing=',
  handling: 'handling=',
};

export function parsePrefer(
  header: string | undefined,
  allowTx: boolean,
  isTimezone: (tz: string) => boolean,
): Preferences {
  const tokens = (header ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const out: Preferences = { invalid: [] };
  const accepted = new Set<string>();
  for (const [kind, values] of Object.entries(KINDS) as [
    keyof typeof KINDS,
    readonly string[],
  ][]) {
    for (const v of values) accepted.add(PREFIX[kind] + v);
    const hit = tokens.find((t) => values.some((v) => t === PREFIX[kind] + v));
    if (hit && (kind !== 'tx' || allowTx))
      (out as unknown as Record<string, string>)[kind] = hit.slice(
        PREFIX[kind].length,
      );
  }
  const tz = tokens.find((t) => t.startsWith('timezone='))?.slice(9);
  const tzOk = tz !== undefined && isTimezone(tz);
  if (tzOk) out.timezone = tz;
  const ma = tokens.find((t) => t.startsWith('max-affected='))?.slice(13);
  if (ma !== undefined && /^-?\d+$/.test(ma)) out.maxAffected = Number(ma);
  out.invalid = tokens.filter(
    (t) =>
      !accepted.has(t) &&
      (!t.startsWith('timezone=') || !tzOk) &&
      !t.startsWith('max-affected='),
  );
  return out;
}

/** `Preference-Applied`, from the preferences that applied to this request. */
export function appliedHeader(p: Partial<Preferences>): string | undefined {
  const vals = [
    p.resolution && `resolution=${p.resolution}`,
    p.missing && `missing=${p.missing}`,
    p.representation && `return=${p.representation}`,
    p.count && `count=${p.count}`,
    p.tx && `tx=${p.tx}`,
    p.handling && `handling=${p.handling}`,
    p.timezone && `timezone=${p.timezone}`,
    p.handling === 'strict' &&
      p.maxAffected !== undefined &&
      `max-affected=${p.maxAffected}`,
  ].filter((v): v is string => typeof v === 'string');
  return vals.length ? vals.join(', ') : undefined;
}
