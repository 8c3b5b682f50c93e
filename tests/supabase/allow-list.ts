// Findings of Supabase's checks that are accepted, each with its reason
// (docs/deploy.md "What CI proves"). Anything else fails tests/supabase, and
// so does an entry that no longer matches anything.

export interface LintAllowance {
  /** plpgsql_check's function, schema-qualified. */
  function: string;
  message: RegExp;
  reason: string;
}

export interface AdvisorAllowance {
  /** The advisor finding's cache_key. */
  cacheKey: string;
  reason: string;
}

export const ADVISOR_ALLOW_LIST: AdvisorAllowance[] = [];

const STORAGE_SEARCH =
  "The embedded backend's copy of Supabase Storage's storage.search (supabase/local/db/platform.sql); hosted projects have Storage's own. ";

export const LINT_ALLOW_LIST: LintAllowance[] = [
  {
    function: 'storage.search',
    message: /^unused parameter "levels"$/,
    reason:
      STORAGE_SEARCH +
      'Storage keeps the `levels` parameter unused too: the signature is what list() calls.',
  },
  {
    function: 'storage.search',
    message: /^OUT variable "\w+" is maybe unmodified$/,
    reason:
      STORAGE_SEARCH +
      'Its rows come from `return query execute` (dynamic SQL), which plpgsql_check cannot follow.',
  },
];
