import { lazy, Suspense } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import type { Company } from '@shared/data/companies';
import { COMPANY_BRAND } from '@shared/domain/brand';
import { formatViewCounter, PLAN_RULES } from '@shared/domain/plans';
import { companyActions } from '@web/api/companies/company-actions';
import { useResetDailyViews } from '@web/api/companies/company-mutations';
import { useViewAllowance } from '@web/api/companies/get-view-allowance';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { LogoMark } from '@web/components/ui/logo';
import {
  MenuButton,
  menuExitClass,
  menuItemClass,
} from '@web/components/ui/menu-button';
import { paths } from '@web/config/paths';
import { peekEnv } from '@web/lib/env';
import { TrialBadge } from '../plan/trial-badge';

// The plan's notices (#35) are rare and never block the screen: their
// words load after it.
const PlanNotice = lazy(() =>
  import('../plan/plan-notice').then((m) => ({ default: m.PlanNotice })),
);

/** The plan's name; with billing configured it leads to the plan (#35). */
function PlanBadge({ name, upgrade }: { name: string; upgrade: boolean }) {
  const badge = (
    <Badge data-testid="plan-badge" className="bg-brand-100 text-brand-800">
      {name}
    </Badge>
  );
  if (!upgrade) return badge;
  return (
    <Link
      to={`${paths.companySettings}#plan`}
      title="See plans and upgrade"
      className="rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {badge}
    </Link>
  );
}

function CompanyMenu({ company }: { company: Company }) {
  const navigate = useNavigate();

  async function logout() {
    try {
      await companyActions.signOut();
    } catch {
      // The local session is removed even when the server is unreachable.
    }
    toast.success('Signed out', {
      description: 'You have been successfully signed out.',
    });
    // A data screen: the landing page has no toaster (it stays small).
    navigate(`${paths.companySignup}?mode=signin`);
  }

  return (
    <MenuButton
      label="Company menu"
      initial={(company.company_name[0] ?? 'C').toUpperCase()}
    >
      <p className="truncate px-3 pt-2 text-sm font-semibold">
        {company.company_name}
      </p>
      <p className="truncate px-3 pb-2 text-xs text-ink-muted">
        {company.email}
      </p>
      <Link
        to={paths.companyInsights}
        role="menuitem"
        className={menuItemClass}
      >
        Insights
      </Link>
      <Link
        to={paths.companySettings}
        role="menuitem"
        className={menuItemClass}
      >
        Company Settings
      </Link>
      <button
        type="button"
        role="menuitem"
        onClick={logout}
        className={menuExitClass}
      >
        Logout
      </button>
    </MenuButton>
  );
}

/**
 * Header of the company screens: views used / allowance, plan badge (a
 * running trial's countdown, #35), the demo-only reset button and the
 * company menu (spec §2); under it, the plan's notices.
 */
export function CompanyHeader({ company }: { company: Company }) {
  const allowance = useViewAllowance(true);
  const reset = useResetDailyViews();
  const plan = allowance.data?.plan ?? 'free';

  function onReset() {
    reset.mutate(undefined, {
      onSuccess: () =>
        toast.success('Daily views reset', {
          description: 'Your daily feedback view count has been reset to 0.',
        }),
      onError: (err) =>
        toast.error('Error resetting daily views', {
          description: err.message,
        }),
    });
  }

  return (
    <>
      <header className="sticky top-0 z-10 border-b border-line bg-white/85 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
          <Link
            to={paths.companyDashboard}
            className="mr-auto flex min-w-0 items-center gap-2 rounded-lg font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-8 shrink-0" />
            {/* Named on phones too, where only the mark shows. */}
            <span className="truncate text-lg max-md:sr-only">
              {COMPANY_BRAND}
            </span>
          </Link>
          <NavLink
            to={paths.companyInsights}
            className={({ isActive }) =>
              // Phones reach it from the company menu: the header is full there.
              `rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 max-sm:hidden ${isActive ? 'bg-brand-100 text-brand-800' : 'text-ink-muted hover:bg-surface hover:text-ink'}`
            }
          >
            Insights
          </NavLink>
          {allowance.data && (
            <p
              data-testid="views-counter"
              className="rounded-full bg-surface px-3 py-1 text-sm font-semibold whitespace-nowrap"
              title="Feedback views used in this period"
            >
              <span aria-hidden="true">👁 </span>
              <span className="sr-only">Views used: </span>
              {formatViewCounter(plan, allowance.data.views_used)}
            </p>
          )}
          <TrialBadge
            fallback={
              <PlanBadge
                name={PLAN_RULES[plan].name}
                upgrade={
                  (peekEnv()?.billingEnabled ?? false) && plan !== 'advanced'
                }
              />
            }
          />
          {allowance.data?.demo_mode && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onReset}
              disabled={reset.isPending}
              title="Demo mode: reset the daily view count"
            >
              Reset<span className="hidden sm:inline"> views</span>
            </Button>
          )}
          <CompanyMenu company={company} />
        </div>
      </header>
      <Suspense fallback={null}>
        <PlanNotice />
      </Suspense>
    </>
  );
}
