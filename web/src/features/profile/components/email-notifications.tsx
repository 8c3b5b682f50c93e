import { failureText } from '@shared/data/client';
import type { Profile } from '@shared/data/profiles';
import { EMAIL_SETTINGS_ANCHOR } from '@shared/domain/app-paths';
import { useEffect, useRef } from 'react';
import type { EmailPreference } from '@shared/data/profiles';
import {
  useSetCompanyMessageEmails,
  useSetEmailPreference,
} from '@web/api/profiles/update-email-preferences';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/lib/toast';

export const COMPANY_MESSAGE_EMAIL_LABEL =
  'E-mail me when a company writes to me about my feedback';
export const TOPIC_COMPLETED_EMAIL_LABEL =
  'E-mail me when something I reported is completed';
export const OWNER_JOINED_EMAIL_LABEL =
  'E-mail me when the owner of a site I reported joins Peega';

/** The label and the saved toasts of each of the other e-mails. */
const PREFERENCES: Record<
  EmailPreference,
  { label: string; on: string; off: string }
> = {
  email_on_topic_completed: {
    label: TOPIC_COMPLETED_EMAIL_LABEL,
    on: 'We will e-mail you when a company completes something you reported.',
    off: 'We will not e-mail you when something you reported is completed.',
  },
  email_on_owner_joined: {
    label: OWNER_JOINED_EMAIL_LABEL,
    on: 'We will e-mail you when the owner of a site you reported joins Peega.',
    off: 'We will not e-mail you when the owner of a site you reported joins Peega.',
  },
};

/** One of the other e-mails (#22, #35): off until the user turns it on. */
function PreferenceSwitch({
  profile,
  preference,
}: {
  profile: Profile;
  preference: EmailPreference;
}) {
  const save = useSetEmailPreference(profile.id, preference);
  const words = PREFERENCES[preference];
  const on = save.isPending
    ? (save.variables ?? profile[preference])
    : profile[preference];
  return (
    <Switch
      checked={on}
      disabled={save.isPending}
      label={words.label}
      onChange={(next) =>
        save.mutate(next, {
          onSuccess: () =>
            toast.success('Settings saved', {
              description: next ? words.on : words.off,
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
          message, when a company completes something you reported, or when the
          owner of a site you reported joins Peega. The company never learns who
          you are.
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
          <PreferenceSwitch
            profile={profile}
            preference="email_on_topic_completed"
          />
          <PreferenceSwitch
            profile={profile}
            preference="email_on_owner_joined"
          />
        </div>
      </div>
    </Card>
  );
}
