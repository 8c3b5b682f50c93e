import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FEEDBACK_CATEGORIES, categoryLabel } from '@shared/domain/categories';
import { domainFilterOptions } from '@shared/domain/domains';
import {
  canUseFilter,
  hasLockedFilters,
  LOCKED_FILTER_LABEL,
  UPGRADE_FILTERS_BANNER,
  UPGRADE_PATH,
  type Plan,
} from '@shared/domain/plans';
import { FEEDBACK_STATUSES, statusInfo } from '@shared/domain/statuses';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { inputClass } from '@web/components/ui/field';

export interface FilterValues {
  search: string;
  domain: string;
  category: string;
  status: string;
  from: string;
  to: string;
  /** #21 triage: '' (newest), 'votes' or 'priority'. */
  sort: string;
  /** #21 triage: '', 'me', 'none' or a member's user id. */
  assignee: string;
  /** #21 triage: '1' for unanswered only. */
  unanswered: string;
}

export const EMPTY_FILTERS: FilterValues = {
  search: '',
  domain: '',
  category: '',
  status: '',
  from: '',
  to: '',
  sort: '',
  assignee: '',
  unanswered: '',
};

const PARAM_KEYS: Record<keyof FilterValues, string> = {
  search: 'q',
  domain: 'domain',
  category: 'category',
  status: 'status',
  from: 'from',
  to: 'to',
  sort: 'sort',
  assignee: 'assignee',
  unanswered: 'unanswered',
};

/** Filters narrowing the list (search and sort aside): the count on the phone's Filters button. */
export function activeFilterCount(v: FilterValues): number {
  const { search: _search, sort: _sort, ...narrowing } = v;
  return Object.values(narrowing).filter((x) => x !== '').length;
}

/** The filters kept in the dashboard's URL. */
export function filtersFromParams(params: URLSearchParams): FilterValues {
  const out = { ...EMPTY_FILTERS };
  for (const [key, name] of Object.entries(PARAM_KEYS))
    out[key as keyof FilterValues] = params.get(name) ?? '';
  return out;
}

/** The URL query of filters and a page (empty values and page 1 left out). */
export function filtersToParams(
  value: FilterValues,
  page: number,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(PARAM_KEYS)) {
    const v = value[key as keyof FilterValues];
    if (v) params.set(name, v);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/** A member the inbox can be filtered by (the company's own staff). */
export interface AssigneeOption {
  user_id: string;
  email: string;
  is_you: boolean;
}

/**
 * The assignee filter's member options: every member by e-mail, the caller
 * marked; an id from the URL that is no member (any more) stays selectable
 * as a former member, so the select shows what the list is filtered by.
 */
export function assigneeOptions(
  members: readonly AssigneeOption[],
  value: string,
): { value: string; label: string }[] {
  const out = members.map((m) => ({
    value: m.user_id,
    label: m.is_you ? `${m.email} (you)` : m.email,
  }));
  if (
    value !== '' &&
    value !== 'me' &&
    value !== 'none' &&
    !members.some((m) => m.user_id === value)
  )
    out.push({ value, label: 'A former member' });
  return out;
}

/** A From date after the To date: said inline, not sent. */
export function invertedDates(value: FilterValues): boolean {
  return value.from !== '' && value.to !== '' && value.from > value.to;
}

function Label({ text, locked }: { text: string; locked: boolean }) {
  return (
    <span className="flex items-center gap-2 text-sm font-medium">
      {text}
      {locked && (
        <span className="rounded-full bg-accent-100 px-2 py-0.5 text-[0.65rem] font-bold tracking-wide text-accent-700 uppercase">
          {LOCKED_FILTER_LABEL}
        </span>
      )}
    </span>
  );
}

/**
 * Search and domain on every plan; category, status and date only with
 * filtering (free: disabled, labelled Premium, with the upgrade banner).
 */
export function FeedbackFilters({
  plan,
  domains,
  hosts = [],
  members = [],
  value,
  onChange,
}: {
  plan: Plan;
  domains: readonly string[];
  /** Hosts feedback came from: subdomains are offered under their domain. */
  hosts?: readonly string[];
  /** The company's members, offered in the assignee filter (#21). */
  members?: readonly AssigneeOption[];
  value: FilterValues;
  onChange: (next: FilterValues) => void;
}) {
  const set = (key: keyof FilterValues) => (v: string) =>
    onChange({ ...value, [key]: v });
  const categoryLocked = !canUseFilter(plan, 'category');
  const statusLocked = !canUseFilter(plan, 'status');
  const dateLocked = !canUseFilter(plan, 'date');
  // Below `sm` only the search shows, the rest behind a button: on a phone
  // the first feedback is on the first screen (#40 item 9).
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(value);
  const more = open ? 'contents' : 'contents max-sm:hidden';
  return (
    <Card>
      <h2 className="sr-only">Filters</h2>
      {hasLockedFilters(plan) && (
        <p
          role="note"
          className={`${open ? '' : 'max-sm:hidden'} mb-4 rounded-xl border border-accent-200 bg-accent-50 px-4 py-2.5 text-sm font-medium text-accent-700`}
        >
          <span>{UPGRADE_FILTERS_BANNER}</span>.{' '}
          <Link to={UPGRADE_PATH} className="font-semibold underline">
            See plans
          </Link>
        </p>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <label className="flex min-w-0 flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <Label text="Search" locked={false} />
          <input
            type="search"
            placeholder="Search feedback..."
            className={inputClass}
            value={value.search}
            onChange={(e) => set('search')(e.target.value)}
          />
        </label>
        <Button
          variant="secondary"
          className="self-end sm:hidden"
          aria-expanded={open}
          aria-controls="filters-more filters-order"
          onClick={() => setOpen((o) => !o)}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
        <div id="filters-more" className={more}>
          <label className="flex min-w-0 flex-col gap-1.5 max-sm:col-span-2">
            <Label text="Domain" locked={false} />
            <select
              className={inputClass}
              title={value.domain || undefined}
              value={value.domain}
              onChange={(e) => set('domain')(e.target.value)}
            >
              <option value="">All domains</option>
              {domainFilterOptions(domains, hosts, value.domain).map((g) =>
                g.subs.length === 0 ? (
                  <option key={g.value} value={g.value}>
                    {g.value}
                  </option>
                ) : (
                  // A domain and the subdomains feedback came from under it.
                  <optgroup key={g.value} label={g.value}>
                    <option value={g.value}>{g.value}</option>
                    {g.subs.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </optgroup>
                ),
              )}
            </select>
          </label>
          <label className="flex min-w-0 flex-col gap-1.5 max-sm:col-span-2">
            <Label text="Category" locked={categoryLocked} />
            <select
              className={inputClass}
              disabled={categoryLocked}
              value={value.category}
              onChange={(e) => set('category')(e.target.value)}
            >
              <option value="">All categories</option>
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 flex-col gap-1.5 max-sm:col-span-2">
            <Label text="Status" locked={statusLocked} />
            <select
              className={inputClass}
              disabled={statusLocked}
              value={value.status}
              onChange={(e) => set('status')(e.target.value)}
            >
              <option value="">All statuses</option>
              {FEEDBACK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusInfo(s).label}
                </option>
              ))}
            </select>
          </label>
          <fieldset
            className="col-span-2 flex min-w-0 flex-col gap-1.5"
            disabled={dateLocked}
          >
            <legend className="mb-1.5">
              <Label text="Date" locked={dateLocked} />
            </legend>
            <div className="flex min-w-0 gap-2">
              <input
                type="date"
                aria-label="From"
                className={`${inputClass} min-w-0`}
                value={value.from}
                onChange={(e) => set('from')(e.target.value)}
              />
              <input
                type="date"
                aria-label="To"
                className={`${inputClass} min-w-0`}
                value={value.to}
                onChange={(e) => set('to')(e.target.value)}
                aria-invalid={invertedDates(value) || undefined}
                aria-describedby={
                  invertedDates(value) ? 'date-range-error' : undefined
                }
              />
            </div>
            {invertedDates(value) && (
              <p
                id="date-range-error"
                role="alert"
                className="mt-1 text-xs font-medium text-red-600"
              >
                The start date must be on or before the end date.
              </p>
            )}
          </fieldset>
        </div>
      </div>
      <div
        id="filters-order"
        className={`${open ? 'flex' : 'hidden sm:flex'} mt-4 flex-wrap items-end gap-4 border-t border-line pt-4`}
      >
        <label className="flex min-w-0 flex-col gap-1.5">
          <Label text="Sort by" locked={false} />
          <select
            className={inputClass}
            value={value.sort}
            onChange={(e) => set('sort')(e.target.value)}
          >
            <option value="">Newest</option>
            <option value="votes">Most votes</option>
            <option value="priority">Priority</option>
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1.5">
          <Label text="Assignee" locked={false} />
          <select
            className={`${inputClass} max-w-full sm:max-w-[22rem]`}
            value={value.assignee}
            onChange={(e) => set('assignee')(e.target.value)}
          >
            <option value="">Anyone</option>
            <option value="me">Assigned to me</option>
            <option value="none">Unassigned</option>
            {members.length > 0 ||
            !['', 'me', 'none'].includes(value.assignee) ? (
              <optgroup label="Assigned to">
                {assigneeOptions(members, value.assignee).map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </label>
        <label className="flex h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={value.unanswered === '1'}
            onChange={(e) => set('unanswered')(e.target.checked ? '1' : '')}
          />
          Unanswered only
        </label>
      </div>
    </Card>
  );
}
