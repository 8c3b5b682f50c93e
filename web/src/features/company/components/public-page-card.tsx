import { useState, type FormEvent } from 'react';
import type { Company } from '@shared/data/companies';
import type { CompletedTopic } from '@shared/data/public-changes';
import { formatShortDate } from '@shared/domain/format';
import {
  PUBLIC_SLUG_MAX,
  publicChangesPath,
  publicSlugError,
  suggestPublicSlug,
} from '@shared/domain/public-page';
import {
  useCompletedTopics,
  useSetPublicPage,
  useUnpublishTopic,
} from '@web/api/companies/public-page';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { inputClass } from '@web/components/ui/field';
import { toast } from '@web/lib/toast';
import { PublishTopicDialog } from './publish-topic-dialog';

/**
 * "Public page" (#22, "You said, we did"): owners and admins choose its
 * address (or none); every member publishes completed topics on it.
 */
export function PublicPageCard({
  company,
  admin,
}: {
  company: Company;
  admin: boolean;
}) {
  const slug = company.public_page_slug;
  const url = slug
    ? `${window.location.origin}${publicChangesPath(slug)}`
    : null;
  return (
    <Card id="public-page" className="scroll-mt-20">
      <h2 className="text-lg font-bold">Public page</h2>
      <p className="mt-1 text-sm text-ink-muted">
        “You said, we did”: a public page listing what you completed from your
        users’ feedback, with the titles you choose. It never shows who reported
        it or what they wrote.
      </p>
      {url ? (
        <p className="mt-3 text-sm">
          Your page:{' '}
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="font-medium break-all text-brand-700 underline"
            data-testid="public-page-link"
          >
            {url}
          </a>
        </p>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">
          Your company has no public page.
        </p>
      )}
      {admin && <SlugForm company={company} />}
      <CompletedTopics companyId={company.id} published={Boolean(slug)} />
    </Card>
  );
}

function SlugForm({ company }: { company: Company }) {
  const save = useSetPublicPage();
  const [value, setValue] = useState(
    company.public_page_slug ?? suggestPublicSlug(company.company_name),
  );
  const [error, setError] = useState<string | null>(null);

  function submit(next: string) {
    const problem = publicSlugError(next);
    if (problem) return setError(problem);
    setError(null);
    save.mutate(next, {
      onSuccess: (saved) =>
        toast.success(saved ? 'Public page on' : 'Public page off', {
          description: saved
            ? `Your page is at ${publicChangesPath(saved)}.`
            : 'Your page is no longer shown.',
        }),
      onError: (err) => setError(err.message),
    });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    submit(value);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Public page address"
      className="mt-4"
    >
      <label htmlFor="public-slug" className="text-sm font-medium">
        Address
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
        <span className="flex min-w-0 flex-1 items-center gap-1">
          <span className="text-sm whitespace-nowrap text-ink-muted">
            /changes/
          </span>
          <input
            id="public-slug"
            className={inputClass}
            value={value}
            maxLength={PUBLIC_SLUG_MAX}
            placeholder="your-company"
            aria-invalid={Boolean(error) || undefined}
            aria-describedby="public-slug-hint"
            onChange={(e) => setValue(e.target.value)}
          />
        </span>
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {company.public_page_slug ? 'Save' : 'Turn on'}
          </Button>
          {company.public_page_slug && (
            <Button
              type="button"
              variant="secondary"
              disabled={save.isPending}
              onClick={() => submit('')}
            >
              Turn off
            </Button>
          )}
        </div>
      </div>
      <p id="public-slug-hint" className="mt-1 text-xs text-ink-muted">
        3 to 40 lowercase letters, digits or dashes.
      </p>
      {error && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}

function CompletedTopics({
  companyId,
  published,
}: {
  companyId: string;
  published: boolean;
}) {
  const topics = useCompletedTopics(companyId);
  const unpublish = useUnpublishTopic();
  const [editing, setEditing] = useState<CompletedTopic | null>(null);
  const items = topics.data ?? [];
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold">Completed topics</h3>
      {!published && items.some((t) => t.published_at) && (
        <p className="mt-1 text-xs text-ink-muted">
          Published topics show once the page is on.
        </p>
      )}
      {topics.isPending ? (
        <p className="mt-2 text-sm text-ink-muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          When you complete a topic, you can publish it here.
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {items.map((t) => (
            <li
              key={t.id}
              data-testid="completed-topic"
              className="flex flex-col gap-2 rounded-xl border border-line p-3 text-sm sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">
                  {t.public_title ?? t.title}
                </p>
                <p className="text-xs text-ink-muted">
                  {t.completed_at
                    ? `Completed ${formatShortDate(t.completed_at)}`
                    : 'Completed'}
                  {' · '}
                  {t.published_at ? (
                    <span className="font-semibold text-emerald-700">
                      Published
                    </span>
                  ) : (
                    'Not published'
                  )}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant={t.published_at ? 'secondary' : 'primary'}
                  onClick={() => setEditing(t)}
                >
                  {t.published_at ? 'Edit' : 'Publish'}
                </Button>
                {t.published_at && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={unpublish.isPending}
                    onClick={() =>
                      unpublish.mutate(t.id, {
                        onSuccess: () => toast.success('Unpublished'),
                        onError: (err) =>
                          toast.error('Error', { description: err.message }),
                      })
                    }
                  >
                    Unpublish
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PublishTopicDialog topic={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
