import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { claimPath } from '@shared/domain/app-paths';
import { claimMonthLabel } from '@shared/domain/claims';
import { useWaitingDomains } from '@web/api/claims/claims';
import { toast } from '@web/lib/toast';
import type { BlogArticleDetail } from '@shared/data/blog';
import { formatArticleDate } from '@shared/domain/article-date';
import { useAdminArticles } from '@web/api/blog/get-admin-articles';
import { useCategories } from '@web/api/blog/get-categories';
import { useTags } from '@web/api/blog/get-tags';
import { useDeleteArticle } from '@web/api/blog/use-delete-article';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog } from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { onTabKey } from '@web/components/ui/tab-keys';
import { filterNavigation } from '@web/lib/filter-history';
import { ArticleEditor } from './article-editor';

const TABS = ['Articles', 'Categories', 'Tags', 'Waiting sites'] as const;
type Tab = (typeof TABS)[number];

/** `waiting-sites`: the tab in the URL and in element ids. */
const slug = (t: Tab) => t.toLowerCase().replace(/\s+/g, '-');

/** The open section, in the URL (`?tab=categories`): reload and Back keep it. */
function useTab(): [Tab, (next: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => slug(t) === params.get('tab')) ?? 'Articles';
  const setTab = (next: Tab) => {
    if (next === tab) return;
    const to = new URLSearchParams(params);
    if (next === 'Articles') to.delete('tab');
    else to.set('tab', slug(next));
    setParams(to, filterNavigation(params, to));
  };
  return [tab, setTab];
}

/** Editor state: closed, a new article, or an existing one. */
type Editing = { article: BlogArticleDetail | null } | null;

function ArticlesTab({ onEdit }: { onEdit: (a: BlogArticleDetail) => void }) {
  const articles = useAdminArticles();
  const remove = useDeleteArticle();
  const [toDelete, setToDelete] = useState<BlogArticleDetail | null>(null);

  if (articles.isPending) {
    return (
      <div className="space-y-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  const list = articles.data ?? [];
  return (
    <>
      {list.length === 0 ? (
        <p className="py-10 text-center text-ink-muted">No articles yet.</p>
      ) : (
        <ul aria-label="All articles" className="flex flex-col gap-3">
          {list.map((a) => (
            <li key={a.id}>
              <Card className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{a.title}</h3>
                    {a.published ? (
                      <Badge className="bg-emerald-50 text-emerald-700">
                        Published
                      </Badge>
                    ) : (
                      <Badge className="bg-amber-50 text-amber-700">
                        Draft
                      </Badge>
                    )}
                  </div>
                  <p className="mt-1 text-xs text-ink-muted">
                    Created {formatArticleDate(a.createdAt)}
                  </p>
                  {a.excerpt && (
                    <p className="mt-2 line-clamp-2 text-sm text-ink-muted">
                      {a.excerpt}
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onEdit(a)}
                    aria-label={`Edit ${a.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => setToDelete(a)}
                    aria-label={`Delete ${a.title}`}
                  >
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete article?"
      >
        <p className="text-sm text-ink-muted">
          “{toDelete?.title}” will be removed with its likes. This cannot be
          undone.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setToDelete(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (!toDelete) return;
              remove.mutate(toDelete.id, {
                onSuccess: () => {
                  toast.success('Article deleted successfully');
                  setToDelete(null);
                },
                onError: (error) =>
                  toast.error('Error', { description: error.message }),
              });
            }}
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function CategoriesTab() {
  const categories = useCategories();
  return (
    <Card>
      <h2 className="text-lg font-bold">Manage Categories</h2>
      <ul className="mt-4 divide-y divide-line">
        {(categories.data ?? []).map((c) => (
          <li key={c.id} className="py-3">
            <p className="font-medium">{c.name}</p>
            {c.description && (
              <p className="text-sm text-ink-muted">{c.description}</p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function TagsTab() {
  const tags = useTags();
  return (
    <Card>
      <h2 className="text-lg font-bold">Manage Tags</h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {(tags.data ?? []).map((t) => (
          <li key={t.id}>
            <Badge>{t.name}</Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * Operators' outreach list (#35): the unclaimed sites with the most waiting
 * feedback, exact counts. Reaching them is by hand; Peega writes to nobody.
 */
function WaitingSitesTab() {
  const sites = useWaitingDomains(true);
  return (
    <Card>
      <h2 className="text-lg font-bold">Waiting sites</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Sites no company has claimed, with the most feedback waiting. Send their
        owners the claim page.
      </p>
      {sites.isPending ? (
        <Skeleton className="mt-4 h-24" />
      ) : sites.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {sites.error.message}
        </p>
      ) : sites.data.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">No feedback is waiting.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-ink-muted">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Site
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Reports
              </th>
              <th
                scope="col"
                className="hidden py-2 text-right font-medium sm:table-cell"
              >
                Latest
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {sites.data.map((s) => (
              <tr key={s.host} data-testid="waiting-domain">
                <td className="py-2 break-all">
                  <Link
                    to={claimPath(s.host)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {s.host}
                  </Link>
                </td>
                <td className="py-2 text-right tabular-nums">
                  {s.reports.toLocaleString('en-US')}
                </td>
                <td className="hidden py-2 text-right text-ink-muted sm:table-cell">
                  {claimMonthLabel(s.last_month.slice(0, 7))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** The admin panel: articles with the editor, categories and tags. */
export function BlogAdminPanel() {
  const [tab, setTab] = useTab();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Blog Admin</h1>
        <Button
          onClick={() => {
            setTab('Articles');
            setEditing({ article: null });
          }}
        >
          <span aria-hidden="true">+</span> New Article
        </Button>
      </div>
      <div
        role="tablist"
        aria-label="Blog admin sections"
        className="mt-6 inline-flex rounded-full border border-line bg-white p-1"
      >
        {TABS.map((t, i) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${slug(t)}`}
            aria-selected={tab === t}
            aria-controls={`panel-${slug(t)}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={(e) =>
              onTabKey(e, i, TABS.length, (n) => setTab(TABS[n]!))
            }
            className={`rounded-full px-4 py-1.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-600 ${
              tab === t ? 'bg-brand-600 text-white' : 'text-ink-muted'
            }`}
          >
            {t}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${slug(tab)}`}
        aria-labelledby={`tab-${slug(tab)}`}
        className="mt-6"
      >
        {tab === 'Articles' &&
          (editing ? (
            <ArticleEditor
              // A fresh form for each article opened.
              key={editing.article?.id ?? 'new'}
              article={editing.article}
              onClose={() => setEditing(null)}
            />
          ) : (
            <ArticlesTab onEdit={(article) => setEditing({ article })} />
          ))}
        {tab === 'Categories' && <CategoriesTab />}
        {tab === 'Tags' && <TagsTab />}
        {tab === 'Waiting sites' && <WaitingSitesTab />}
      </div>
    </div>
  );
}
