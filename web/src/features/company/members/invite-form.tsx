import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { companyInvitationPath } from '@shared/domain/app-paths';
import { MEMBERS_TEXTS, ROLE_HINTS } from '@shared/domain/members';
import { UPGRADE_PATH } from '@shared/domain/plans';
import type { MemberRole } from '@shared/data/members';
import { useInviteMember } from '@web/api/companies/members';
import { Button } from '@web/components/ui/button';
import { inputClass } from '@web/components/ui/field';
import { toast } from '@web/lib/toast';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Invite by e-mail and role; the link is shown once to copy as well. */
export function InviteForm({
  seatLeft,
  solo,
  openInvitations,
}: {
  seatLeft: boolean;
  /** The plan has a single seat (Free). */
  solo: boolean;
  /** Ids of the invitations still open, once loaded: a revoked one's link goes. */
  openInvitations?: readonly string[];
}) {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('member');
  const [error, setError] = useState<string | null>(null);
  const [created, setLink] = useState<{
    id: string;
    email: string;
    url: string;
  } | null>(null);
  // The link of an invitation revoked (or accepted) since is no longer
  // offered (#40 item 5).
  const link =
    created && (!openInvitations || openInvitations.includes(created.id))
      ? created
      : null;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address))
      return setError('Please enter a valid e-mail address.');
    setError(null);
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (row) => {
          setEmail('');
          setLink({
            id: row.id,
            email: row.email,
            url: `${window.location.origin}${companyInvitationPath(row.token)}`,
          });
          toast.success(MEMBERS_TEXTS.invitedTitle, {
            description: MEMBERS_TEXTS.invitedDescription(row.email),
          });
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(MEMBERS_TEXTS.copied);
    } catch {
      toast.error('Copy failed', {
        description: 'Select the link to copy it.',
      });
    }
  }

  return (
    <div className="mt-5 border-t border-line pt-5">
      <h3 className="text-sm font-semibold">Invite a member</h3>
      {!seatLeft ? (
        <p className="mt-2 text-sm text-ink-muted" data-testid="no-seat-left">
          {solo ? (
            <>
              {MEMBERS_TEXTS.soloPlan}{' '}
              <Link
                to={UPGRADE_PATH}
                className="font-medium text-brand-700 underline"
              >
                upgrade your plan
              </Link>{' '}
              to invite your team.
            </>
          ) : (
            <>
              {MEMBERS_TEXTS.noSeatLeft} Revoke an invitation, remove a member
              or{' '}
              <Link
                to={UPGRADE_PATH}
                className="font-medium text-brand-700 underline"
              >
                upgrade your plan
              </Link>{' '}
              to add more.
            </>
          )}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Invite a member"
          className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start"
        >
          <div className="flex-1">
            <label className="sr-only" htmlFor="invite-email">
              E-mail address
            </label>
            <input
              id="invite-email"
              type="email"
              autoComplete="off"
              className={inputClass}
              placeholder="name@company.com"
              value={email}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={error ? 'invite-error' : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="sm:w-40">
            <label className="sr-only" htmlFor="invite-role">
              Role
            </label>
            <select
              id="invite-role"
              className={inputClass}
              value={role}
              onChange={(e) => setRole(e.target.value as MemberRole)}
            >
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          <Button type="submit" disabled={invite.isPending}>
            Send invitation
          </Button>
        </form>
      )}
      {seatLeft && (
        <p className="mt-1.5 text-xs text-ink-muted">{ROLE_HINTS[role]}</p>
      )}
      {error && (
        <p
          id="invite-error"
          role="alert"
          className="mt-2 text-xs font-medium text-red-600"
        >
          {error}
        </p>
      )}
      {link && (
        <div
          data-testid="invitation-link"
          className="mt-3 flex flex-col gap-2 rounded-xl bg-brand-50 p-3 text-sm sm:flex-row sm:items-center"
        >
          <p className="min-w-0 flex-1">
            Link for <strong className="break-all">{link.email}</strong>{' '}
            <span className="block truncate text-xs text-ink-muted">
              {link.url}
            </span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => copy(link.url)}>
            Copy link
          </Button>
        </div>
      )}
    </div>
  );
}
