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
  {
    function: 'public.claim_background_jobs',
    message: /^OUT variable "(id|attempts|feedback_id)" is maybe unmodified$/,
    reason:
      'Its rows come from `return query execute` on the queue table named by private.background_queues (dynamic SQL), which plpgsql_check cannot follow; tests/integration/jobs/background-queues.test.ts checks the rows of every queue.',
  },
  // Background jobs (#24): the hosted triggers call pg_net, pg_cron and
  // Vault only where those extensions exist; each function checks for them
  // at run time (to_regprocedure / to_regclass) before its dynamic SQL runs.
  {
    function: 'private.job_setting',
    message: /^relation "vault\.decrypted_secrets" does not exist$/,
    reason:
      'Reads a secret from Supabase Vault on hosted projects, after checking that vault.decrypted_secrets exists; a plain PostgreSQL has no Vault.',
  },
  {
    function: 'private.invoke_job_function',
    message: /^schema "net" does not exist$/,
    reason:
      'Calls pg_net (hosted Supabase) only when net.http_post exists; pg_net is not packaged for Debian, so CI tests it through a stand-in (tests/integration/jobs/hosted-triggers.test.ts).',
  },
  {
    function: 'private.install_background_jobs',
    message: /^schema "cron" does not exist$/,
    reason:
      'Creates the pg_cron schedules only when cron.schedule exists; the pushed database has no pg_cron (it needs shared_preload_libraries), the hosted-triggers test runs it on a cluster that has.',
  },
];
