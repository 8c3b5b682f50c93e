import { failureText } from '@shared/data/client';
import type { Profile } from '@shared/data/profiles';
import { EMAIL_SETTINGS_ANCHOR } from '@shared/domain/app-paths';
import { useEffect, useRef } from 'react';
import {
  useSetCompanyMessageEmails,
  useSetTopicCompletedEmails,
} from '@web/api/profiles/update-email-preferences';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/lib/toast';

export const COMPANY_MESSAGE_EMAIL_LABEL =
  'E-mail me when a company writes to me about my feedback';
export const TOPIC_COMPLETED_EMAIL_LABEL =
  'E-mail me when something I reported is completed';

/** The "completed" e-mail (#22): off until the user turns it on. */
function TopicCompletedSwitch({ profile }: { profile: Profile }) {
  const save = useSetTopicCompletedEmails(profile.id);
  const on = save.isPending
    ? (save.variables ?? profile.email_on_topic_completed)
    : profile.email_on_topic_completed;
  return (
    <Switch
      checked={on}
      disabled={save.isPending}
      label={TOPIC_COMPLETED_EMAIL_LABEL}
      onChange={(next) =>
        save.mutate(next, {
          onSuccess: () =>
            toast.success('Settings saved', {
              description: next
                ? 'We will e-mail you when a company completes something you reported.'
                : 'We will not e-mail you when something you reported is completed.',
            }),
          onError: (err) =>
            toast.error('Error', {
              description: failureText(
                err,
                'Failed to save your e-mail settings.',
              ),
            }),
        })
      }
    />
  );
}

/**
 * The author's e-mail preference (#21): off until they turn it on. The
 * e-mail's unsubscribe link points here (#email-notifications).
 */
export function EmailNotifications({ profile }: { profile: Profile }) {
  const save = useSetCompanyMessageEmails(profile.id);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (window.location.hash === `#${EMAIL_SETTINGS_ANCHOR}`)
      ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  const on = save.isPending
    ? (save.variables ?? profile.email_on_company_message)
    : profile.email_on_company_message;
  return (
    <Card>
      <div id={EMAIL_SETTINGS_ANCHOR} ref={ref} className="scroll-mt-24">
        <h2 className="text-lg font-semibold">E-mail notifications</h2>
        <p className="mt-1 text-sm text-ink-muted">
          When a company asks you about your feedback, you always see it on your
          dashboard. You can also get an e-mail with the company’s name and its
          message, or when a company completes something you reported. The
          company never learns who you are.
        </p>
        <div className="mt-4 flex flex-col gap-3">
          <Switch
            checked={on}
            disabled={save.isPending}
            label={COMPANY_MESSAGE_EMAIL_LABEL}
            onChange={(next) =>
              save.mutate(next, {
                onSuccess: () =>
                  toast.success('Settings saved', {
                    description: next
                      ? 'We will e-mail you when a company writes to you.'
                      : 'We will not e-mail you about company messages.',
                  }),
                onError: (err) =>
                  toast.error('Error', {
                    description: failureText(
                      err,
                      'Failed to save your e-mail settings.',
                    ),
                  }),
              })
            }
          />
          <TopicCompletedSwitch profile={profile} />
        </div>
      </div>
    </Card>
  );
}
