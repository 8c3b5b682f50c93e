// Execution plans (PostgREST's db-plan-enabled): `Accept:
// application/vnd.pgrst.plan+json|text; for="…"; options=analyze|…` answers
// the EXPLAIN of the request's own main statement, run with the caller's
// role and settings, so the plan is the one the request would get.
import type { ServiceResponse } from '../http.ts';
import { decodeMedia, mediaMime, type Media } from './media.ts';

export type PlanMedia = Extract<Media, { t: 'plan' }>;

/** The plan asked for, when the preferred media type is one. */
export function wantedPlan(accepts: Media[]): PlanMedia | undefined {
  const first = accepts[0];
  return first?.t === 'plan' ? first : undefined;
}

/** The media types to plan the statement for (the plan's `for`). */
export function planFor(m: PlanMedia): Media[] {
  return [decodeMedia(m.for)];
}

/** EXPLAIN with the format and options asked for around `sql`. */
export function explainSql(m: PlanMedia, sql: string): string {
  const options = [
    `FORMAT ${m.format.toUpperCase()}`,
    ...m.options.map((o) => o.toUpperCase()),
  ];
  return `EXPLAIN (${options.join(', ')}) ${sql}`;
}

/** The plan's answer: its JSON document, or its text lines. */
export function planResponse(
  m: PlanMedia,
  rows: { 'QUERY PLAN': unknown }[],
): ServiceResponse {
  const body =
    m.format === 'json'
      ? typeof rows[0]?.['QUERY PLAN'] === 'string'
        ? (rows[0]['QUERY PLAN'] as string)
        : JSON.stringify(rows[0]?.['QUERY PLAN'] ?? [])
      : rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  return {
    status: 200,
    headers: { 'content-type': `${mediaMime(m)}; charset=utf-8` },
    body,
  };
}
