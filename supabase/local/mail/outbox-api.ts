import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { BackendContext } from '../context.ts';
import { bearer, json, type Handler } from '../http.ts';

// An e-mail API in Resend's shape, so the embedded backend is one of the
// providers edge functions can send through (supabase/functions/_shared/mail.ts):
// POST /_outbox/emails with the service-role key stores the message in
// auth.outbox, where the demo mailbox (/_mail) shows it and the SMTP relay
// (SMTP_URL) delivers it. Hosted projects configure a real provider instead.
const emailSchema = z.object({
  to: z.union([z.email(), z.array(z.email()).min(1).max(50)]),
  subject: z.string().min(1).max(998),
  text: z.string().max(1_000_000).default(''),
  html: z.string().max(1_000_000).default(''),
  tags: z
    .array(z.object({ name: z.string(), value: z.string() }))
    .max(20)
    .optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function createOutboxApi(ctx: BackendContext): Handler {
  return async (req) => {
    if (req.path !== '/emails') return json(404, { message: 'Not found' });
    if (req.method !== 'POST')
      return json(405, { message: 'Method not allowed' });
    const token = bearer(req);
    if (!token || !same(token, ctx.config.serviceRoleKey))
      return json(401, { message: 'The service-role key is required.' });
    let body: unknown;
    try {
      body = JSON.parse(req.body.toString('utf8'));
    } catch {
      return json(400, { message: 'The body must be JSON.' });
    }
    const parsed = emailSchema.safeParse(body);
    if (!parsed.success)
      return json(422, {
        message: parsed.error.issues[0]?.message ?? 'Invalid e-mail.',
      });
    const m = parsed.data;
    const kind = m.tags?.find((t) => t.name === 'kind')?.value ?? 'message';
    const link = m.headers?.['X-Peega-Link'] ?? null;
    const ids: string[] = [];
    for (const to of Array.isArray(m.to) ? m.to : [m.to]) {
      const { rows } = await ctx.db.query<{ id: string }>(
        `insert into auth.outbox (to_email, subject, kind, body_text, body_html, link)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [to, m.subject, kind, m.text, m.html, link],
      );
      ids.push(rows[0]!.id);
    }
    return json(200, { id: ids[0] });
  };
}
