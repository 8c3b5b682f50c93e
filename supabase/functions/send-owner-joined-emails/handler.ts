// send-owner-joined-emails (#35, waiting feedback): when the owner of a
// domain verifies it, each author whose feedback waited for it and who
// turned the e-mail on in their account settings is told once. The
// verification's trigger queues one e-mail per author and domain in
// private.owner_joined_emails; the embedded backend's scheduler calls this on
// the queue's NOTIFY and every minute, hosted Supabase's pg_net database
// webhook and pg_cron schedule likewise (docs/background-jobs.md). The drain,
// retries and answers are the e-mail queues' (_shared/mail-queue.ts).
import { emailQueueHandler } from '../_shared/mail-queue.ts';
import {
  composeOwnerJoinedEmail,
  type OwnerJoinedEmailRow,
} from './compose.ts';

/** The pure Request → Response handler; index.ts serves it on Deno. */
export const handler = emailQueueHandler<OwnerJoinedEmailRow>({
  name: 'send-owner-joined-emails',
  queue: 'owner_joined_emails',
  read: 'get_owner_joined_email',
  compose: composeOwnerJoinedEmail,
});
