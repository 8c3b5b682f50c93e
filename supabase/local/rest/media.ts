// Media types: Accept negotiation and Content-Type decoding (v14 MediaType.hs).
import { RestError } from './errors.ts';

export type Media =
  | { t: 'json' }
  | { t: 'any' }
  | { t: 'csv' }
  | { t: 'geojson' }
  | { t: 'openapi' }
  | { t: 'text' }
  | { t: 'xml' }
  | { t: 'urlencoded' }
  | { t: 'octet' }
  | { t: 'array-strip' }
  | { t: 'single'; strip: boolean }
  | {
      t: 'plan';
      format: 'json' | 'text';
      /** The media type the plan is of (`for="…"`, default application/json). */
      for: string;
      /** EXPLAIN options as given: analyze, verbose, settings, buffers, wal. */
      options: string[];
    }
  | { t: 'other'; mime: string };

/** What a response body is built as. */
export type Output =
  | { t: 'json'; strip: boolean }
  | { t: 'single'; strip: boolean }
  | { t: 'csv' }
  | { t: 'geojson' };

/** EXPLAIN options a plan request may ask for (MediaType.hs PlanOption). */
export const PLAN_OPTIONS = [
  'analyze',
  'verbose',
  'settings',
  'buffers',
  'wal',
];

export function decodeMedia(raw: string): Media {
  const [main = '', ...params] = raw.split(';').map((s) => s.trim());
  const [type = '', sub = ''] = main.toLowerCase().split('/');
  const param = (k: string) =>
    params
      .map((p) => p.split('='))
      .find(([pk]) => pk?.trim().toLowerCase() === k)?.[1]
      ?.trim()
      .replace(/^"|"$/g, '');
  const stripped = param('nulls') === 'stripped';
  if (type === 'application') {
    switch (sub) {
      case 'json':
        return { t: 'json' };
      case 'geo+json':
        return { t: 'geojson' };
      case 'openapi+json':
        return { t: 'openapi' };
      case 'x-www-form-urlencoded':
        return { t: 'urlencoded' };
      case 'octet-stream':
        return { t: 'octet' };
      case 'vnd.pgrst.object+json':
      case 'vnd.pgrst.object':
        return { t: 'single', strip: stripped };
      case 'vnd.pgrst.array+json':
      case 'vnd.pgrst.array':
        return stripped ? { t: 'array-strip' } : { t: 'json' };
      case 'vnd.pgrst.plan':
      case 'vnd.pgrst.plan+text':
      case 'vnd.pgrst.plan+json':
        return {
          t: 'plan',
          format: sub.endsWith('+json') ? 'json' : 'text',
          for: param('for') || 'application/json',
          options: (param('options') ?? '')
            .split('|')
            .map((o) => o.trim().toLowerCase())
            .filter((o) => PLAN_OPTIONS.includes(o)),
        };
    }
  }
  if (type === 'text' && sub === 'csv') return { t: 'csv' };
  if (type === 'text' && sub === 'plain') return { t: 'text' };
  if (type === 'text' && sub === 'xml') return { t: 'xml' };
  if (type === '*' && sub === '*') return { t: 'any' };
  return { t: 'other', mime: raw };
}

export function mediaMime(m: Media): string {
  switch (m.t) {
    case 'json':
      return 'application/json';
    case 'any':
      return '*/*';
    case 'csv':
      return 'text/csv';
    case 'geojson':
      return 'application/geo+json';
    case 'openapi':
      return 'application/openapi+json';
    case 'text':
      return 'text/plain';
    case 'xml':
      return 'text/xml';
    case 'urlencoded':
      return 'application/x-www-form-urlencoded';
    case 'octet':
      return 'application/octet-stream';
    case 'array-strip':
      return 'application/vnd.pgrst.array+json;nulls=stripped';
    case 'single':
      return `application/vnd.pgrst.object+json${m.strip ? ';nulls=stripped' : ''}`;
    case 'plan':
      return `application/vnd.pgrst.plan+${m.format}; for="${m.for}"${m.options.length ? `; options=${m.options.join('|')}` : ''}`;
    case 'other':
      return m.mime;
  }
}

/** wai-extra's parseHttpAccept: by quality, then specificity; stable. */
export function parseAccept(header: string | undefined): Media[] {
  if (header === undefined) return [{ t: 'any' }];
  const items = header.split(',').map((raw, i) => {
    const s = raw.replace(/ /g, '');
    const qAt = s.indexOf(';q=');
    const mt = qAt === -1 ? s : s.slice(0, qAt);
    const qs = qAt === -1 ? '' : (s.slice(qAt + 3).split(';')[0] ?? '');
    const q = /^\d+(\.\d+)?$/.test(qs) ? Number(qs) : 1;
    const spec = (mt.match(/;/g)?.length ?? 0) - (mt.match(/\*/g)?.length ?? 0);
    return { mt, q, spec, i };
  });
  items.sort((a, b) => b.q - a.q || b.spec - a.spec || a.i - b.i);
  return items.map((x) => decodeMedia(x.mt));
}

export function contentTypeOf(o: Output): string {
  switch (o.t) {
    case 'json':
      return o.strip
        ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
        : 'application/json; charset=utf-8';
    case 'single':
      return `application/vnd.pgrst.object+json${o.strip ? ';nulls=stripped' : ''}; charset=utf-8`;
    case 'csv':
      return 'text/csv; charset=utf-8';
    case 'geojson':
      return 'application/geo+json; charset=utf-8';
  }
}

/** Picks the first acceptable output, or 406 PGRST107. */
export function negotiate(accepts: Media[], geojson: boolean): Output {
  for (const m of accepts) {
    if (m.t === 'json' || m.t === 'any') return { t: 'json', strip: false };
    if (m.t === 'array-strip') return { t: 'json', strip: true };
    if (m.t === 'single') return { t: 'single', strip: m.strip };
    if (m.t === 'csv') return { t: 'csv' };
    if (m.t === 'geojson' && geojson) return { t: 'geojson' };
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${accepts.map(mediaMime).join(', ')}`,
  );
}
