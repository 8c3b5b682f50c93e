import type { Db } from '../db/types.ts';

interface DigestRow {
  company_id: string;
  email: string;
  company_name: string;
  feedback_count: number;
  items: { title: string; category: string; host: string | null }[];
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        c
      ]!,
  );

/**
 * Sends the daily digests that are due: take_company_digests picks the
 * companies (notifications on, nothing sent in the last 24 h, new feedback on
 * verified domains) and this writes one e-mail each to the outbox, which the
 * mailbox shows and SMTP delivers when configured. Resolves with how many
 * were sent.
 */
export async function sendCompanyDigests(
  db: Db,
  options: { publicUrl: string; now?: Date },
): Promise<number> {
  const { rows } = await db.query<DigestRow>(
    'select * from public.take_company_digests($1)',
    [(options.now ?? new Date()).toISOString()],
  );
  const link = `${options.publicUrl}/company-dashboard`;
  for (const r of rows) {
    const shown = r.items.slice(0, 20);
    const subject = `${r.feedback_count} new feedback for ${r.company_name}`;
    const text = [
      `Hello ${r.company_name},`,
      '',
      `${r.feedback_count} new feedback arrived on your verified domains:`,
      ...shown.map((i) => `- [${i.category}] ${i.title} (${i.host ?? ''})`),
      r.items.length > shown.length
        ? `…and ${r.items.length - shown.length} more.`
        : '',
      '',
      `Open your dashboard: ${link}`,
      'You get this digest once a day because e-mail notifications are on in Company Settings.',
    ].join('\n');
    const html = [
      `<p>Hello ${escapeHtml(r.company_name)},</p>`,
      `<p>${r.feedback_count} new feedback arrived on your verified domains:</p>`,
      `<ul>${shown.map((i) => `<li>[${escapeHtml(i.category)}] ${escapeHtml(i.title)} (${escapeHtml(i.host ?? '')})</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(link)}">Open your dashboard</a></p>`,
    ].join('\n');
    await db.query(
      `insert into auth.outbox (to_email, subject, kind, body_text, body_html, link)
       values ($1, $2, 'company_digest', $3, $4, $5)`,
      [r.email, subject, text, html, link],
    );
  }
  return rows.length;
}

/** Checks for due digests now and then every `intervalMs` (default 1 h). */
export function startDigestWorker(
  db: Db,
  options: { publicUrl: () => string; intervalMs?: number },
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => sendCompanyDigests(db, { publicUrl: options.publicUrl() }))
      .catch((e: unknown) =>
        console.error(
          '[digest] failed:',
          e instanceof Error ? e.message : String(e),
        ),
      );
  };
  const timer = setInterval(run, options.intervalMs ?? 3_600_000);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
