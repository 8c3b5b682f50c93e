import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import type {
  Company,
  CompanyFeedback,
  CompanyFeedbackDetail,
} from '@shared/data/companies';
import { COMPANY_BRAND } from '@shared/domain/brand';
import {
  canUseFilter,
  isViewLimitReached,
  UPGRADE_PATH,
  viewLimitMessage,
} from '@shared/domain/plans';
import { ALREADY_VOTED } from '@shared/domain/validation/messages';
import { DUPLICATE_VOTE_ERROR_CODE, type VoteType } from '@shared/domain/votes';
import { track } from '@web/api/analytics/track';
import {
  useCompanyVote,
  useOpenFeedback,
} from '@web/api/companies/company-mutations';
import { useCompanyFeedback } from '@web/api/companies/get-company-feedback';
import { useDomainSummary } from '@web/api/companies/get-domain-summary';
import { useFeedbackHosts } from '@web/api/companies/get-feedback-hosts';
import { useViewAllowance } from '@web/api/companies/get-view-allowance';
import { useCompanyMembers } from '@web/api/companies/members';
import { useCompanyRealtime } from '@web/api/companies/use-company-realtime';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDebounced } from '@web/hooks/use-debounced';
import { BulkStatusBar } from './bulk-status-bar';
import { CompanyFeedbackList } from './company-feedback-list';
import { CompanyHeader } from './company-header';
import { DomainNotice } from './domain-notice';
import { ExportButton } from './export-button';
import {
  EMPTY_FILTERS,
  FeedbackFilters,
  filtersFromParams,
  filtersToParams,
  invertedDates,
  activeFilterCount,
  type FilterValues,
} from './feedback-filters';
import { filterNavigation } from '@web/lib/filter-history';
import { useDashboardKeys } from './use-dashboard-keys';
import { ViewSwitch } from './view-switch';

// Only needed once a row is opened: kept out of the dashboard's first load.
const FeedbackDetailDialog = lazy(() =>
  import('./feedback-detail-dialog').then((m) => ({
    default: m.FeedbackDetailDialog,
  })),
);

// #22: the Topics view, loaded when chosen.
const TopicsView = lazy(() =>
  import('../topics/topics-view').then((m) => ({ default: m.TopicsView })),
);

const PAGE_SIZE = 10;

const dayStart = (d: string) =>
  d ? new Date(`${d}T00:00:00Z`).toISOString() : '';
const dayEnd = (d: string) =>
  d
    ? new Date(new Date(`${d}T00:00:00Z`).getTime() + 86_400_000).toISOString()
    : '';

/** /company-dashboard (company spec §2, §4, §8; issue #8). */
export function CompanyDashboard({
  user,
  company,
}: {
  user: User;
  company: Company;
}) {
  const navigate = useNavigate();
  const allowance = useViewAllowance(true);
  const plan = allowance.data?.plan ?? 'free';
  const domains = useDomainSummary(true);
  const hosts = useFeedbackHosts(true);
  const members = useCompanyMembers();
  // Page, search and filters live in the URL: reload and share keep them.
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  // A link to one topic (?topic=<id>, from an issue tracker) opens Topics.
  const topicsView = params.get('view') === 'topics' || params.has('topic');
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const badDates = invertedDates(filters);
  const listTop = useRef<HTMLDivElement>(null);
  const search = useDebounced(filters.search.trim(), 300);
  const list = useCompanyFeedback(
    {
      page,
      pageSize: PAGE_SIZE,
      search,
      domain: filters.domain,
      ...(canUseFilter(plan, 'category') ? { category: filters.category } : {}),
      ...(canUseFilter(plan, 'status') ? { status: filters.status } : {}),
      ...(canUseFilter(plan, 'date') && !badDates
        ? { from: dayStart(filters.from), to: dayEnd(filters.to) }
        : {}),
      ...(filters.sort === 'votes' || filters.sort === 'priority'
        ? { sort: filters.sort }
        : {}),
      ...(filters.assignee ? { assignee: filters.assignee } : {}),
      ...(filters.unanswered === '1' ? { unanswered: true } : {}),
    },
    allowance.isFetched,
  );
  const open = useOpenFeedback();
  const vote = useCompanyVote(user.id);
  const [detail, setDetail] = useState<CompanyFeedbackDetail | null>(null);
  // #21: feedback selected for a bulk status change.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useDashboardKeys(detail !== null);
  // Loaded on the first opened row, then kept mounted so a status change
  // still confirms after the dialog closes.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (detail && !dialogWanted) setDialogWanted(true);
  useCompanyRealtime(company.id);

  useEffect(() => {
    if (list.error)
      toast.error('Error loading feedback', {
        description: list.error.message,
      });
  }, [list.error]);

  function go(next: FilterValues, nextPage: number) {
    const to = filtersToParams(next, nextPage);
    setParams(to, filterNavigation(params, to, 'q'));
  }

  function onFilters(next: FilterValues) {
    go(next, 1);
  }

  function onPage(next: number) {
    go(filters, next);
    listTop.current?.scrollIntoView({ block: 'start' });
    listTop.current?.focus({ preventScroll: true });
  }

  const filtered = Object.values(filters).some((v) => v !== '');
  // Sorting reorders, it does not narrow: the subtitle's count stays "on
  // your verified domains" (#40 item 9).
  const narrowed = filters.search !== '' || activeFilterCount(filters) > 0;

  // The open feedback is in the URL (?feedback=<id>, #21): a link or a
  // reload opens it again, through the view allowance like a click.
  const linked = params.get('feedback');
  const openedLink = useRef<string | null>(null);

  function closeDetail() {
    setDetail(null);
    openedLink.current = null;
    if (params.has('feedback')) {
      const next = new URLSearchParams(params);
      next.delete('feedback');
      setParams(next, { replace: true, preventScrollReset: true });
    }
  }

  function onOpen(item: CompanyFeedback) {
    openById(item.id, item.status === 'pending');
  }

  function openById(id: string, wasPending: boolean) {
    open.mutate(id, {
      onSuccess: (row) => {
        track({ name: 'view_feedback', properties: { feedback_id: row.id } });
        if (params.get('feedback') !== row.id) {
          const next = new URLSearchParams(params);
          next.set('feedback', row.id);
          openedLink.current = row.id;
          setParams(next, { preventScrollReset: true });
        }
        if (wasPending) {
          track({
            name: 'mark_feedback_read',
            properties: { feedback_id: row.id },
          });
          toast.success('Feedback marked as read');
        }
        setDetail(row);
      },
      onError: (err) => {
        if (isViewLimitReached(err)) {
          // A refusal while the plan shown is unlimited: the plan changed
          // under the page; the free plan's words are the likely truth.
          const m = viewLimitMessage(plan) ?? viewLimitMessage('free');
          if (!m) return;
          // "Upgrade" leads to the plans, not a dead end (#19 item 21).
          toast.error(m.title, {
            description: m.description,
            action: {
              label: 'Upgrade',
              onClick: () => navigate(UPGRADE_PATH),
            },
          });
        } else {
          toast.error('Error loading feedback', { description: err.message });
        }
      },
    });
  }

  useEffect(() => {
    if (!linked || !allowance.isFetched || openedLink.current === linked)
      return;
    openedLink.current = linked;
    if (detail?.id !== linked) openById(linked, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, [linked, allowance.isFetched]);

  function onVote(feedbackId: string, voteType: VoteType) {
    vote.mutate(
      { feedbackId, voteType },
      {
        onSuccess: () => {
          toast.success('Vote recorded');
          setDetail((d) =>
            d && d.id === feedbackId
              ? {
                  ...d,
                  my_vote: voteType,
                  upvotes: d.upvotes + (voteType === 'upvote' ? 1 : 0),
                  downvotes: d.downvotes + (voteType === 'downvote' ? 1 : 0),
                }
              : d,
          );
        },
        onError: (err) => {
          const code = (err as { code?: string }).code;
          if (code === DUPLICATE_VOTE_ERROR_CODE)
            toast.error(ALREADY_VOTED.title, {
              description: ALREADY_VOTED.description,
            });
          else
            toast.error('Error voting', {
              description: 'Could not record your vote. Please try again.',
            });
        },
      },
    );
  }

  const verified = (domains.data ?? [])
    .filter((d) => d.verified)
    .map((d) => d.domain);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="min-h-dvh bg-surface">
      <title>{`Dashboard · ${COMPANY_BRAND}`}</title>
      <CompanyHeader company={company} />
      <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              Feedback for {company.company_name}
            </h1>
            <p className="mt-1 text-sm text-ink-muted">
              {narrowed
                ? `${total} feedback ${total === 1 ? 'matches' : 'match'} your filters`
                : `${total} feedback on your verified domains`}
            </p>
          </div>
          <ExportButton />
        </div>
        {domains.data && <DomainNotice domains={domains.data} />}
        <ViewSwitch
          value={topicsView ? 'topics' : 'feedback'}
          onChange={(v) => {
            const next = new URLSearchParams(params);
            if (v === 'topics') next.set('view', 'topics');
            else {
              next.delete('view');
              next.delete('topic');
            }
            setParams(next);
          }}
        />
        {topicsView ? (
          <Suspense fallback={<Skeleton className="h-32 rounded-2xl" />}>
            <TopicsView />
          </Suspense>
        ) : (
          <>
            <FeedbackFilters
              plan={plan}
              domains={verified}
              hosts={hosts.data ?? []}
              members={members.data ?? []}
              value={filters}
              onChange={onFilters}
            />
            <div
              ref={listTop}
              tabIndex={-1}
              role="group"
              aria-label="Feedback list"
              className="-mt-2 scroll-mt-20 outline-none"
            />
            {list.isPending ? (
              <div className="flex flex-col gap-3">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-32 rounded-2xl" />
                ))}
              </div>
            ) : (list.data?.rows.length ?? 0) === 0 && filtered ? (
              <div className="rounded-2xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
                <p>No feedback matches your filters</p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-3"
                  onClick={() => go(EMPTY_FILTERS, 1)}
                >
                  Clear filters
                </Button>
              </div>
            ) : (list.data?.rows.length ?? 0) === 0 ? (
              <p className="rounded-2xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
                No feedback yet.
              </p>
            ) : (
              <>
                <BulkStatusBar
                  ids={[...selected]}
                  onDone={(keep) => setSelected(new Set(keep))}
                />
                <CompanyFeedbackList
                  items={list.data?.rows ?? []}
                  opening={open.isPending ? (open.variables ?? null) : null}
                  voting={vote.isPending}
                  onOpen={onOpen}
                  onVote={(item, type) => onVote(item.id, type)}
                  userId={user.id}
                  selected={selected}
                  onToggle={(id) =>
                    setSelected((prev) => {
                      const next = new Set(prev);
                      if (!next.delete(id)) next.add(id);
                      return next;
                    })
                  }
                />
              </>
            )}
            {pages > 1 && (
              <nav
                aria-label="Pages"
                className="flex items-center justify-center gap-3"
              >
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => onPage(page - 1)}
                >
                  Previous
                </Button>
                <span className="text-sm text-ink-muted">
                  Page {page} of {pages}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => onPage(page + 1)}
                >
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </main>
      {dialogWanted && (
        <Suspense fallback={null}>
          <FeedbackDetailDialog
            feedback={detail}
            voting={vote.isPending}
            onClose={closeDetail}
            onChange={setDetail}
            onVote={(type) => detail && onVote(detail.id, type)}
          />
        </Suspense>
      )}
    </div>
  );
}
