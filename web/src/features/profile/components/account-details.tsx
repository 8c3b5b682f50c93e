import { failureText } from '@shared/data/client';
import { useState, type FormEvent } from 'react';
import { supportEmail } from '@web/lib/env';
import { toast } from '@web/lib/toast';
import type { Profile } from '@shared/data/profiles';
import { NICKNAME_TAKEN } from '@shared/domain/validation/account-messages';
import { useUpdateNickname } from '@web/api/profiles/update-nickname';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { InputField } from '@web/components/ui/field';
import { EmailNotifications } from '@web/features/profile/components/email-notifications';

/** E-mail, name and the leaderboard nickname (consumer spec §2, §8). */
export function AccountDetails({ profile }: { profile: Profile }) {
  const [nickname, setNickname] = useState(profile.nickname);
  const [deleteAsked, setDeleteAsked] = useState(false);
  const [error, setError] = useState<string>();
  const save = useUpdateNickname(profile.id);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = nickname.trim();
    if (value.length < 2 || value.length > 30) {
      setError('Nicknames are 2 to 30 characters long.');
      return;
    }
    setError(undefined);
    save.mutate(value, {
      onSuccess: () =>
        toast.success('Settings saved', {
          description: 'Your account details have been updated.',
        }),
      onError: (err) => {
        // Unique case-insensitively: shown on the field, not as a toast.
        if ((err as { code?: string }).code === '23505') {
          setError(NICKNAME_TAKEN);
          return;
        }
        toast.error('Error', {
          description: failureText(err, 'Failed to save account details.'),
        });
      },
    });
  };

  return (
    <>
      <Card>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <h2 className="text-lg font-semibold">Account Details</h2>
          <InputField
            label="Email"
            type="email"
            value={profile.email ?? ''}
            readOnly
            disabled
          />
          <InputField
            label="Name"
            value={profile.full_name ?? ''}
            readOnly
            disabled
          />
          <InputField
            label="Nickname"
            hint="Shown on the community leaderboard."
            value={nickname}
            maxLength={30}
            error={error}
            onChange={(e) => setNickname(e.target.value)}
          />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Card>
      <EmailNotifications profile={profile} />
      <Card className="border-red-200">
        <h2 className="text-lg font-semibold">Delete account</h2>
        <p className="mt-1 text-sm text-ink-muted">
          Deleting your account removes your feedback, points and badges.
        </p>
        <Button
          variant="danger"
          className="mt-4"
          onClick={() => {
            setDeleteAsked(true);
            toast.error('Please contact support to delete your account.', {
              description: `Write to ${supportEmail()}.`,
            });
          }}
        >
          Delete Account
        </Button>
        {deleteAsked && (
          // Whom to contact stays on the screen after the toast (#40 item 18).
          <p className="mt-3 text-sm" role="status">
            Write to{' '}
            <a
              className="font-medium text-brand-700 underline"
              href={`mailto:${supportEmail()}?subject=${encodeURIComponent('Delete my Peega account')}`}
            >
              {supportEmail()}
            </a>{' '}
            from {profile.email ?? "your account's e-mail address"}.
          </p>
        )}
      </Card>
    </>
  );
}
