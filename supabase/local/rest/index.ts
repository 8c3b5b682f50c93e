// `/rest/v1`: PostgREST 14 over the backend's database. Each request is one
// transaction with the caller's role and PostgREST's request settings, so
// row-level security is Postgres's own.
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { Handler, ServiceRequest, ServiceResponse } from '../http.ts';
import { errorResponse, RestError, toRestError } from './errors.ts';
import { explainSql, planFor, planResponse, wantedPlan } from './explain.ts';
import { mediaMime, parseAccept } from './media.ts';
import { openApiDocument } from './openapi.ts';
import { prepareRead } from './prepare-read.ts';
import { prepareRpc } from './prepare-rpc.ts';
import { prepareWrite } from './prepare-write.ts';
import {
  DEFAULT_REST_CONFIG,
  loadDbRestConfig,
  type RestConfig,
} from './config.ts';
import { parseRequest, type ApiRequest } from './request.ts';
import type { Prepared, ResultRow } from './respond.ts';
import {
  buildSchemaCache,
  readCatalog,
  type CatalogRows,
} from './schema-cache.ts';
import { authenticate, requestSettings, type Auth } from './session.ts';
import type { SchemaCache } from './schema-types.ts';

export interface RestOptions {
  /** PostgREST's db-max-rows (Supabase: 1000). */
  maxRows?: number;
  /** Honour `Prefer: tx=rollback` (db-tx-end = commit-allow-override). */
  txAllowOverride?: boolean;
  /** Settings from the environment; the in-database configuration overrides them. */
  config?: RestConfig;
  /**
   * Catalog rows read earlier from a copy of this database (the tests'
   * templates), for the first schema-cache load only: every reload
   * afterwards reads the catalog, as the schema may have changed.
   */
  catalog?: CatalogStore;
}

export interface CatalogStore {
  /** The rows for these schemas, if known. */
  get(schemas: string[]): CatalogRows | undefined;
  /** Rows just read from the database. */
  set(rows: CatalogRows): void;
}

export type RestService = Handler & {
  /** Re-reads the schema cache (`NOTIFY pgrst, 'reload schema'`). */
  reloadSchema(): Promise<void>;
  /** Re-reads the in-database configuration, then the schema cache (`NOTIFY pgrst, 'reload config'`). */
  reloadConfig(): Promise<void>;
  /** The settings in force. */
  config(): RestConfig;
};

interface Planned {
  plan: Prepared;
  schema: string;
  tx?: 'commit' | 'rollback';
  timezone?: string;
}

class Rollback extends Error {
  constructor(readonly row: ResultRow) {
    super('rollback');
  }
}

const EMPTY_ROW: ResultRow = {
  total_result_set: null,
  page_total: 0,
  body: '',
  response_headers: null,
  response_status: null,
};

export function createRestService(
  ctx: BackendContext,
  options: RestOptions = {},
): RestService {
  const maxRows = options.maxRows ?? 1000;
  const allowTx = options.txAllowOverride ?? false;
  const baseConfig = options.config ?? DEFAULT_REST_CONFIG;
  let config = baseConfig;
  let cache: SchemaCache | undefined;
  let loading: Promise<void> | undefined;
  let timezones = new Set<string>();
  // Planned GET/HEAD requests: their SQL depends only on the request line and headers.
  const planCache = new Map<string, Planned>();

  let store = options.catalog;
  const reload = (): Promise<void> => {
    const run = (async () => {
      const schemas = [...config.schemas];
      let rows = store?.get(schemas);
      if (!rows) {
        rows = await readCatalog(ctx.db, schemas);
        store?.set(rows);
      }
      store = undefined;
      cache = buildSchemaCache(rows);
      timezones = new Set(rows.timezones);
      planCache.clear();
    })();
    // `loading` is what a first request waits for; the caller of reload()
    // gets the error through `run`, so a reload that fails while nobody
    // waits (a NOTIFY racing the backend's stop) is no unhandled rejection.
    const settled: Promise<void> = run.finally(() => {
      if (loading === settled) loading = undefined;
    });
    settled.catch(() => undefined);
    loading = settled;
    return run;
  };
  const schemaCache = async (): Promise<SchemaCache> => {
    if (!cache) await (loading ?? reload());
    if (!cache)
      throw new RestError(
        503,
        'PGRST002',
        'Could not query the database for the schema cache. Retrying.',
      );
    return cache;
  };

  function plan(
    api: ApiRequest,
    sc: SchemaCache,
    host: string,
  ): Prepared | ServiceResponse {
    switch (api.action.t) {
      case 'read':
        return prepareRead(api, sc, maxRows);
      case 'mutate':
        return prepareWrite(api, sc);
      case 'rpc':
        return prepareRpc(api, sc, maxRows);
      case 'openapi': {
        const ok = api.accepts.some((m) =>
          ['openapi', 'json', 'any'].includes(m.t),
        );
        if (!ok)
          throw new RestError(
            406,
            'PGRST107',
            `None of these media types are available: ${api.accepts.map(mediaMime).join(', ')}`,
          );
        return {
          status: 200,
          headers: {
            'content-type': 'application/openapi+json; charset=utf-8',
            'content-profile': api.schema,
          },
          body: api.action.head
            ? ''
            : JSON.stringify(openApiDocument(sc, api.schema, host)),
        };
      }
    }
  }

  async function serve(
    req: ServiceRequest,
    auth: Auth,
  ): Promise<ServiceResponse> {
    const sc = await schemaCache();
    if (config.planEnabled) {
      const wanted = wantedPlan(parseAccept(req.headers.accept));
      if (wanted) {
        const api = parseRequest(req, {
          allowTx,
          schemas: config.schemas,
          aggregatesEnabled: config.aggregatesEnabled,
          isTimezone: (tz) => timezones.has(tz),
        });
        const p = plan({ ...api, accepts: planFor(wanted) }, sc, '');
        if (!('sql' in p)) return p;
        const settings = requestSettings(
          req,
          auth,
          api.schema,
          sc,
          api.prefs.timezone,
        );
        if (p.readOnly) settings.transaction_read_only = 'on';
        const rows = await ctx.db.transaction(
          async (tx) =>
            (
              await tx.query<{ 'QUERY PLAN': unknown }>(
                explainSql(wanted, p.sql),
                p.params,
              )
            ).rows,
          { role: auth.role, settings },
        );
        return planResponse(wanted, rows);
      }
    }
    const key =
      req.method === 'GET' || req.method === 'HEAD'
        ? [
            req.method,
            req.path,
            req.rawQuery,
            req.headers.accept,
            req.headers.prefer,
            req.headers['accept-profile'],
            req.headers.range,
          ].join('\u0000')
        : undefined;
    let planned = key ? planCache.get(key) : undefined;
    if (!planned) {
      const api = parseRequest(req, {
        allowTx,
        schemas: config.schemas,
        aggregatesEnabled: config.aggregatesEnabled,
        isTimezone: (tz) => timezones.has(tz),
      });
      const p = plan(api, sc, req.headers.host ?? '');
      if (!('sql' in p)) return p;
      planned = {
        plan: p,
        schema: api.schema,
        tx: api.prefs.tx,
        timezone: api.prefs.timezone,
      };
      if (key) {
        if (planCache.size >= 1000) planCache.clear();
        planCache.set(key, planned);
      }
    }
    const { plan: prepared, tx: txPref } = planned;
    const settings = requestSettings(
      req,
      auth,
      planned.schema,
      sc,
      planned.timezone,
    );
    // Same as BEGIN READ ONLY, but folded into the one set_config statement
    // instead of a statement of its own.
    if (prepared.readOnly) settings.transaction_read_only = 'on';
    // A read-only transaction changes nothing, so committing it before the
    // singular check (instead of rolling back on failure) is the same thing:
    // send it pipelined where the driver can. Writes keep the transaction.
    if (prepared.readOnly && txPref !== 'rollback' && !prepared.countPlan) {
      const r = await ctx.db.statement<ResultRow>(
        prepared.sql,
        prepared.params,
        { role: auth.role, settings },
      );
      const res = r.rows[0] ?? EMPTY_ROW;
      prepared.check?.(res);
      return prepared.respond(res);
    }
    let row: ResultRow;
    try {
      row = await ctx.db.transaction(
        async (tx) => {
          const r = await tx.query<ResultRow>(prepared.sql, prepared.params);
          const res = r.rows[0] ?? EMPTY_ROW;
          prepared.check?.(res);
          if (prepared.countPlan) await plannedTotal(tx, prepared, res);
          if (txPref === 'rollback') throw new Rollback(res);
          return res;
        },
        { role: auth.role, settings },
      );
    } catch (e) {
      if (!(e instanceof Rollback)) throw e;
      row = e.row;
    }
    return prepared.respond(row);
  }

  /** Replaces the row's total with the planner's estimate where the count preference asks for it. */
  async function plannedTotal(
    tx: Queryable,
    prepared: Prepared,
    row: ResultRow,
  ): Promise<void> {
    const plan = prepared.countPlan!;
    const exact =
      row.total_result_set === null ? undefined : Number(row.total_result_set);
    if (plan.mode === 'estimated' && (exact === undefined || exact <= maxRows))
      return;
    const r = await tx.query<{ 'QUERY PLAN': unknown }>(plan.sql, plan.params);
    const doc = r.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as
      { Plan?: { 'Plan Rows'?: number } }[] | undefined;
    const estimate = parsed?.[0]?.Plan?.['Plan Rows'];
    if (estimate === undefined) return;
    row.total_result_set =
      plan.mode === 'estimated' ? Math.max(exact ?? 0, estimate) : estimate;
  }

  const handler = (async (req: ServiceRequest) => {
    let auth: Auth | undefined;
    try {
      auth = await authenticate(ctx, req);
      return await serve(req, auth);
    } catch (e) {
      return errorResponse(toRestError(e, (auth?.role ?? 'anon') !== 'anon'));
    }
  }) as RestService;
  handler.reloadSchema = reload;
  handler.reloadConfig = async () => {
    config = await loadDbRestConfig(ctx.db, baseConfig);
    await reload();
  };
  handler.config = () => config;
  return handler;
}
