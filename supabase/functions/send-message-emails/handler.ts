// send-message-emails (issue #21): e-mails the author of a feedback when a
// company wrote to them in its thread and they opted in (their account
// settings). A trigger on feedback_messages queues one e-mail per thread in
// private.company_message_emails, throttled in SQL (one per thread every 10
// minutes; messages meanwhile are gathered into the next). The embedded
// backend's scheduler calls it on the queue's NOTIFY and every minute; on
// hosted Supabase a pg_net database webhook and a pg_cron schedule do
// (docs/background-jobs.md), with the service-role key. The drain, retries
// and answers are the e-mail queues' (_shared/mail-queue.ts).
import { emailQueueHandler } from '../_shared/mail-queue.ts';
import {
  composeCompanyMessageEmail,
  type CompanyMessageEmailRow,
} from './compose.ts';

/**
 * The pure Request → Response handler; index.ts serves it on Deno. A job
 * whose author opted out meanwhile, or whose feedback is gone, sends nothing.
 */
export const handler = emailQueueHandler<CompanyMessageEmailRow>({
  name: 'send-message-emails',
  queue: 'company_message_emails',
  read: 'get_company_message_email',
  compose: composeCompanyMessageEmail,
});
