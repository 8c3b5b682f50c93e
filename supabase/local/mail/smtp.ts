import nodemailer from 'nodemailer';
import type { Db } from '../db/types.ts';
import { createQueueWorker, type QueueWorker } from '../jobs/queue-worker.ts';

interface OutboxRow {
  id: string;
  attempts: number;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string;
}

/** Delivers the outbox by SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587), retrying failures. */
export function startSmtpDelivery(
  db: Db,
  smtpUrl: string,
  from: string,
): QueueWorker {
  const transport = nodemailer.createTransport(smtpUrl);
  return createQueueWorker<OutboxRow>(db, {
    table: 'auth.outbox',
    pollMs: 2000,
    maxAttempts: 5,
    onError: (e, row) =>
      console.error(
        `[mail] sending ${row.id} failed:`,
        e instanceof Error ? e.message : e,
      ),
    async handle(row) {
      await transport.sendMail({
        from,
        to: row.to_email,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
      });
      await db.query('update auth.outbox set sent_at = now() where id = $1', [
        row.id,
      ]);
    },
  });
}
