// send-topic-emails (issue #22, "You said, we did"): e-mails each contributor
// of a completed topic who opted in (their account settings). A deferred
// trigger on feedback_topics queues one e-mail per contributor and topic in
// private.topic_completion_emails at the completion's commit. The embedded
// backend's scheduler calls it on the queue's NOTIFY and every minute; on
// hosted Supabase a pg_net database webhook and a pg_cron schedule do
// (docs/background-jobs.md), with the service-role key. The drain, retries
// and answers are the e-mail queues' (_shared/mail-queue.ts).
import { emailQueueHandler } from '../_shared/mail-queue.ts';
import {
  composeTopicCompletionEmail,
  type TopicCompletionEmailRow,
} from './compose.ts';

/**
 * The pure Request → Response handler; index.ts serves it on Deno. A job
 * whose contributor opted out meanwhile, or whose feedback is gone, sends nothing.
 */
export const handler = emailQueueHandler<TopicCompletionEmailRow>({
  name: 'send-topic-emails',
  queue: 'topic_completion_emails',
  read: 'get_topic_completion_email',
  compose: composeTopicCompletionEmail,
});
