import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { COMPANY_BRAND } from '@shared/domain/brand';
import { INVITATION_TEXTS, ROLE_LABELS } from '@shared/domain/members';
import { authActions } from '@web/api/auth/auth-actions';
import { useSession } from '@web/api/auth/use-session';
import {
  acceptInvitation,
  useInvitationPreview,
} from '@web/api/companies/members';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LogoMark } from '@web/components/ui/logo';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { toast } from '@web/lib/toast';
import { JoinForm } from './join-form';

/** /company-invitation?token=…: join a company's team (#21). */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useInvitationPreview(token);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const tried = useRef(false);
  const invite = preview.data;
  const user = session.status === 'signed-in' ? session.session.user : null;
  const sameEmail =
    user !== null &&
    invite != null &&
    (user.email ?? '').toLowerCase() === invite.email;

  async function join() {
    setJoining(true);
    setError(null);
    try {
      const joined = await acceptInvitation(queryClient, token);
      toast.success(INVITATION_TEXTS.joined(joined.company_name));
      navigate(paths.companyDashboard, { replace: true });
    } catch (err) {
      setError((err as Error).message);
      setJoining(false);
    }
  }

  // Signed in with the invited address (also right after the sign-up or
  // sign-in on this page): join at once.
  useEffect(() => {
    if (!sameEmail || invite?.state !== 'pending' || tried.current) return;
    tried.current = true;
    void join();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sameEmail, invite?.state]);

  let body;
  if (token === '' || (preview.isSuccess && !invite)) {
    body = <p role="alert">{INVITATION_TEXTS.invalid}</p>;
  } else if (!invite || session.status === 'loading') {
    body = (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  } else if (invite.state !== 'pending') {
    body = (
      <p role="alert">
        {INVITATION_TEXTS[invite.state as 'accepted' | 'revoked' | 'expired']}
      </p>
    );
  } else {
    body = (
      <>
        <p className="text-ink">
          <strong>{invite.company_name}</strong> invited{' '}
          <strong className="break-all">{invite.email}</strong> to join its team
          on Peega as{' '}
          {ROLE_LABELS[invite.role as 'admin' | 'member'].toLowerCase()}.
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          The link works until{' '}
          {format(new Date(invite.expires_at), 'd MMM yyyy, HH:mm')}.
        </p>
        {error && (
          <p role="alert" className="mt-4 text-sm font-medium text-red-600">
            {error}
          </p>
        )}
        {!user ? (
          <JoinForm email={invite.email} hasAccount={invite.has_account} />
        ) : sameEmail ? (
          <Button
            className="mt-6 w-full"
            size="lg"
            disabled={joining}
            onClick={() => void join()}
          >
            {joining ? 'Joining…' : `Join ${invite.company_name}`}
          </Button>
        ) : (
          <div className="mt-6 flex flex-col gap-3 text-sm">
            <p role="alert">
              You are signed in as <strong>{user.email}</strong>. This
              invitation is for <strong>{invite.email}</strong>.
            </p>
            <Button
              variant="secondary"
              onClick={() => void authActions.signOut()}
            >
              Sign out and continue as {invite.email}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="grid min-h-dvh place-items-center bg-surface px-4 py-10">
      <title>{`Join a company · ${COMPANY_BRAND}`}</title>
      <Card className="w-full max-w-md">
        <Link to={paths.home} aria-label="Peega home" className="inline-block">
          <LogoMark />
        </Link>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">
          Join your team
        </h1>
        <div className="mt-3">{body}</div>
        {invite?.state !== 'pending' && (
          <Link
            to={paths.home}
            className={`${buttonClass('secondary', 'md')} mt-6 w-full`}
          >
            Go to the home page
          </Link>
        )}
      </Card>
    </div>
  );
}
