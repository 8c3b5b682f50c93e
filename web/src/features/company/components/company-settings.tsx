import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import type { User } from '@supabase/supabase-js';
import type { Company } from '@shared/data/companies';
import { COMPANY_BRAND, CONTACT_EMAIL } from '@shared/domain/brand';
import { MEMBERS_TEXTS, canManageCompany } from '@shared/domain/members';
import { useUpdateCompany } from '@web/api/companies/company-mutations';
import { useViewAllowance } from '@web/api/companies/get-view-allowance';
import { useCompanySeats } from '@web/api/companies/members';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { paths } from '@web/config/paths';
import { CompanyDetailsCard } from './company-details-card';
import { CompanyHeader } from './company-header';
import { DomainsCard } from './domains-card';
import { PasswordCard } from './password-card';
import { PublicPageCard } from './public-page-card';
import { WebhooksCard } from './webhooks-card';
import { WeeklySummaryCard } from './weekly-summary-card';
import { PlanCard } from '../plan/plan-card';

// The team card loads with its own chunk (#21).
const MembersCard = lazy(() => import('../members/members-card'));
// So does two-factor authentication (#25), with the QR code it shows.
const TwoFactorCard = lazy(() => import('./two-factor-card'));
const IntegrationsCard = lazy(
  () => import('../integrations/integrations-card'),
);

const SECTIONS = [
  { id: 'details', label: 'Company Details', admin: true },
  { id: 'plan', label: 'Plan', admin: false },
  { id: 'members', label: 'Members', admin: false },
  { id: 'domains', label: 'Domains', admin: true },
  { id: 'password', label: 'Password', admin: false },
  { id: 'two-factor', label: 'Two-factor authentication', admin: false },
  { id: 'notifications', label: 'Notifications', admin: true },
  { id: 'public-page', label: 'Public page', admin: false },
  { id: 'weekly-summary', label: 'Weekly summary', admin: false },
  { id: 'webhooks', label: 'Webhooks', admin: true },
  { id: 'integrations', label: 'Integrations', admin: false },
] as const;

/** A ready e-mail to support asking to delete the company account. */
function deletionMailto(companyName: string): string {
  const subject = encodeURIComponent(`Delete company account: ${companyName}`);
  return `mailto:${CONTACT_EMAIL}?subject=${subject}`;
}

function NotificationsCard({
  company,
  userId,
}: {
  company: Company;
  userId: string;
}) {
  const update = useUpdateCompany(userId);
  function onChange(enabled: boolean) {
    update.mutate(
      { id: company.id, patch: { notificationsEnabled: enabled } },
      {
        onSuccess: () =>
          toast.success('Notification settings updated', {
            description: `Email notifications ${enabled ? 'enabled' : 'disabled'}.`,
          }),
        onError: () =>
          toast.error('Update failed', {
            description: 'Failed to update notification settings.',
          }),
      },
    );
  }
  return (
    <Card id="notifications" className="scroll-mt-20">
      <h2 className="text-lg font-bold">Notifications</h2>
      <p className="mt-1 mb-4 text-sm text-ink-muted">
        A daily e-mail digest of new feedback on your verified domains.
      </p>
      <Switch
        label="Email notifications"
        checked={company.notifications_enabled}
        disabled={update.isPending}
        onChange={onChange}
      />
    </Card>
  );
}

/** /company-settings (company spec §2, §8; issue #8). */
export function CompanySettings({
  user,
  company,
}: {
  user: User;
  company: Company;
}) {
  const allowance = useViewAllowance(true);
  const seats = useCompanySeats();
  // Until the role is known the owner's view shows (the usual case); a
  // member's settings are the team and their own password (#21).
  const admin = !seats.data || canManageCompany(seats.data.my_role);
  const owner = !seats.data || seats.data.my_role === 'owner';
  return (
    <div className="min-h-dvh bg-surface">
      <title>{`Company Settings · ${COMPANY_BRAND}`}</title>
      <CompanyHeader company={company} />
      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Link
          to={paths.companyDashboard}
          className="rounded text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          ← Back to dashboard
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
          Company Settings
        </h1>
        <div className="mt-6 grid gap-6 lg:grid-cols-[14rem_1fr]">
          <nav
            aria-label="Settings sections"
            className="flex gap-1 overflow-x-auto lg:sticky lg:top-20 lg:flex-col lg:self-start"
          >
            {SECTIONS.filter((s) => admin || !s.admin).map((s) => (
              <a
                key={s.id}
                href={`#${s.id}`}
                className="rounded-xl px-3 py-2 text-sm font-medium whitespace-nowrap text-ink-muted hover:bg-white hover:text-ink"
              >
                {s.label}
              </a>
            ))}
            <span className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium whitespace-nowrap text-ink-muted">
              Advanced Settings
              <span className="rounded-full bg-accent-100 px-2 py-0.5 text-[0.65rem] font-bold text-accent-700">
                Soon
              </span>
            </span>
          </nav>
          <div className="flex min-w-0 flex-col gap-6">
            {!admin && (
              <p
                role="note"
                className="rounded-xl bg-white px-4 py-3 text-sm text-ink-muted shadow-sm"
              >
                {MEMBERS_TEXTS.settingsMembersOnly}
              </p>
            )}
            {admin && <CompanyDetailsCard company={company} userId={user.id} />}
            <PlanCard />
            <Suspense fallback={<Card id="members" className="h-40" />}>
              <MembersCard />
            </Suspense>
            {admin && (
              <DomainsCard demoMode={allowance.data?.demo_mode ?? false} />
            )}
            <PasswordCard email={user.email ?? company.email} />
            <Suspense fallback={<Card id="two-factor" className="h-40" />}>
              <TwoFactorCard userId={user.id} />
            </Suspense>
            {admin && <NotificationsCard company={company} userId={user.id} />}
            <PublicPageCard company={company} admin={admin} />
            <WeeklySummaryCard />
            {admin && (
              <WebhooksCard demoMode={allowance.data?.demo_mode ?? false} />
            )}
            <Suspense fallback={<Card id="integrations" className="h-40" />}>
              <IntegrationsCard
                admin={admin}
                demoMode={allowance.data?.demo_mode ?? false}
              />
            </Suspense>
            {owner && (
              <Card>
                <h2 className="text-lg font-bold">Delete account</h2>
                <p className="mt-1 text-sm text-ink-muted">
                  Deleting a company account removes its data within 30 days.
                </p>
                <p className="mt-1 mb-4 text-sm text-ink-muted">
                  To delete it, write to support at{' '}
                  <a
                    href={deletionMailto(company.company_name)}
                    className="font-medium break-all text-brand-700 underline"
                  >
                    {CONTACT_EMAIL}
                  </a>{' '}
                  from {company.email}.
                </p>
                <Button
                  variant="danger"
                  onClick={() =>
                    toast('Account deletion requested', {
                      description: `Please contact support to delete your company account: ${CONTACT_EMAIL}.`,
                      action: {
                        label: 'Email support',
                        onClick: () => {
                          window.location.href = deletionMailto(
                            company.company_name,
                          );
                        },
                      },
                    })
                  }
                >
                  Delete account
                </Button>
              </Card>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}
