import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TOPIC_SORTS, type TopicSort } from '@shared/domain/topics';
import { useCompanyTopics } from '@web/api/companies/topics';
import { Button } from '@web/components/ui/button';
import { inputClass } from '@web/components/ui/field';
import { Skeleton } from '@web/components/ui/skeleton';
import { ProposalList } from './proposal-list';
import { TopicDetailDialog } from './topic-detail-dialog';
import { TopicList } from './topic-list';

const PAGE_SIZE = 20;
const SORT_LABEL: Record<TopicSort, string> = {
  contributors: 'Most contributors',
  votes: 'Most votes',
  trend: 'Trending',
};

/** The dashboard's Topics view (#22): proposals, then the topics. */
export function TopicsView() {
  const [sort, setSort] = useState<TopicSort>('contributors');
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  // The open topic is in the URL (?topic=<id>): issue trackers link to it.
  const open = params.get('topic');
  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('topic', id);
    else next.delete('topic');
    setParams(next, { preventScrollReset: true });
  };
  const list = useCompanyTopics(sort, page, PAGE_SIZE);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="flex flex-col gap-5">
      <ProposalList onCreated={setOpen} />
      <section aria-labelledby="topics-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="topics-title" className="text-lg font-semibold">
            Topics <span className="text-ink-muted">({total})</span>
          </h2>
          <label className="flex items-center gap-2 text-sm">
            <span className="shrink-0">Sort by</span>
            <select
              className={inputClass}
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as TopicSort);
                setPage(1);
              }}
            >
              {TOPIC_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {list.isPending ? (
          <Skeleton className="h-24 rounded-2xl" />
        ) : list.error ? (
          <p role="alert" className="text-sm text-red-600">
            {list.error.message}
          </p>
        ) : total === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
            No topics yet. Confirm a proposal, or add a feedback to a topic from
            its detail.
          </p>
        ) : (
          <TopicList rows={list.data?.rows ?? []} onOpen={setOpen} />
        )}
        {pages > 1 && (
          <nav
            aria-label="Topic pages"
            className="flex items-center justify-center gap-3"
          >
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
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
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        )}
      </section>
      <TopicDetailDialog
        topicId={open}
        onClose={() => setOpen(null)}
        onOpenFeedback={(id) => {
          // The dashboard opens ?feedback=<id> through the view allowance.
          const next = new URLSearchParams(params);
          next.delete('topic');
          next.set('feedback', id);
          setParams(next, { preventScrollReset: true });
        }}
      />
    </div>
  );
}
