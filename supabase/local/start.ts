import type { AddressInfo } from 'node:net';
import type { BackendConfig } from './config.ts';
import type { BackendContext } from './context.ts';
import { assertMigrated, migrate, type MigrateResult } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import type { Db } from './db/types.ts';
import { JwtService } from './jwt.ts';
import { createAuthService } from './auth/index.ts';
import { createRestService, type CatalogStore } from './rest/index.ts';
import { restConfigFromEnv } from './rest/config.ts';
import {
  createStorageService,
  STORAGE_MAX_BODY_BYTES,
} from './storage/index.ts';
import { createHttpServer } from './server.ts';
import { createRealtimeService } from './realtime/index.ts';
import { createFunctionsService } from './functions/index.ts';
import { createMailboxService } from './mail/mailbox.ts';
import { createPageServer } from '../../server/index.ts';
import { startSmtpDelivery } from './mail/smtp.ts';
import { createOutboxApi } from './mail/outbox-api.ts';
import { startJobScheduler, type JobScheduler } from './jobs/scheduler.ts';
import type { FunctionHandler } from './functions/registry.ts';
import {
  createDeliverWebhooksHandler,
  type DeliverWebhooksDeps,
} from '../functions/deliver-webhooks/handler.ts';

/**
 * The database's demo-only functions (resetting a company's daily views) ask
 * `private.settings`. Hosted projects never have the row; here it follows the
 * configuration on every start, so a data folder reused outside demo mode
 * loses it.
 */
async function recordDemoMode(db: Db, demoMode: boolean): Promise<void> {
  const { rows } = await db.query<{ present: boolean }>(
    `select to_regclass('private.settings') is not null as present`,
  );
  if (!rows[0]?.present) return;
  if (demoMode) {
    await db.query(
      `insert into private.settings (key, value) values ('demo_mode', 'true')
       on conflict (key) do update set value = 'true', updated_at = now()`,
    );
  } else {
    await db.query(`delete from private.settings where key = 'demo_mode'`);
  }
}

/** Test knobs of webhook delivery (the deliver-webhooks function's secrets and network). */
export interface WebhookTestOptions extends Partial<DeliverWebhooksDeps> {
  allowPrivate?: boolean;
  /** How often the scheduler calls deliver-webhooks besides on NOTIFY. */
  pollMs?: number;
  /** Base of the exponential backoff between attempts (JOB_BACKOFF_MS). */
  backoffMs?: number;
  maxAttempts?: number;
}

export interface RunningBackend {
  /** Base URL clients use (what `createClient` takes). */
  url: string;
  ctx: BackendContext;
  migrations: MigrateResult;
  /** Calls an edge function as the service role, as pg_cron and pg_net do. */
  invokeFunction(name: string, body: unknown): Promise<Response>;
  /** The schedulers that call the job functions (those that are on). */
  jobs: {
    webhooks?: JobScheduler;
    ai?: JobScheduler;
    invitations?: JobScheduler;
    messageEmails?: JobScheduler;
    topicEmails?: JobScheduler;
    digests?: JobScheduler;
    weeklySummaries?: JobScheduler;
    trials?: JobScheduler;
    ownerJoinedEmails?: JobScheduler;
  };
  stop(): Promise<void>;
}

/**
 * Secrets the embedded backend gives its functions unless the operator set
 * them: its own outbox as the e-mail provider, the web app's address for
 * links, and demo mode's leave to call webhooks on this machine.
 */
function backendSecrets(
  config: BackendConfig,
  secrets: Record<string, string>,
): Record<string, string> {
  return {
    SITE_URL: config.publicUrl,
    PEEGA_INTEGRATIONS_KEY: config.integrationsKey,
    WEBHOOK_TIMEOUT_MS: String(config.webhookTimeoutMs),
    ...(config.demoMode ? { WEBHOOKS_ALLOW_PRIVATE: '1' } : {}),
    ...(secrets.EMAIL_API_KEY || secrets.SMTP_URL
      ? {}
      : {
          EMAIL_API_URL: `${config.publicUrl}/_outbox/emails`,
          EMAIL_API_KEY: config.serviceRoleKey,
        }),
  };
}

function webhookTestSecrets(o: WebhookTestOptions | undefined) {
  const out: Record<string, string> = {};
  if (o?.allowPrivate !== undefined)
    out.WEBHOOKS_ALLOW_PRIVATE = o.allowPrivate ? '1' : '0';
  if (o?.backoffMs !== undefined) out.JOB_BACKOFF_MS = String(o.backoffMs);
  if (o?.maxAttempts !== undefined)
    out.WEBHOOK_MAX_ATTEMPTS = String(o.maxAttempts);
  return out;
}

/**
 * Opens the database, migrates and seeds it (unless config.migrate is off),
 * and serves every service on one port.
 */
export async function startBackend(
  config: BackendConfig,
  options: {
    now?: () => Date;
    /** Overrides of webhook delivery (tests: fetch, lookup, backoff). */
    webhooks?: WebhookTestOptions;
    /** Last word on the functions' secrets (tests: AI_MAX_ATTEMPTS, JOB_BACKOFF_MS). */
    functionEnv?: Record<string, string>;
    /**
     * An open database to use instead of opening the configured one (tests
     * start from a copy of a migrated template). It is migrated like any
     * other: already applied migrations are skipped.
     */
    db?: Db;
    /** Catalog rows of a copy of this database (tests' templates; rest/index.ts). */
    catalog?: CatalogStore;
  } = {},
): Promise<RunningBackend> {
  const db = options.db ?? (await openDatabase(config));
  let migrations: MigrateResult;
  try {
    if (config.migrate) {
      migrations = await migrate(db, {
        migrationsDir: config.migrationsDir,
        seedFile: config.seedFile,
        seed: config.seed,
      });
    } else {
      await assertMigrated(db, config.migrationsDir);
      migrations = { applied: [], seeded: false };
    }
  } catch (e) {
    await db.close();
    throw e;
  }
  await recordDemoMode(db, config.demoMode);
  const ctx: BackendContext = {
    config,
    db,
    jwt: new JwtService(config.jwtSecret),
    now: options.now ?? (() => new Date()),
  };
  const rest = createRestService(ctx, {
    txAllowOverride: config.allowTxRollback,
    config: restConfigFromEnv(config.pgrstEnv),
    catalog: options.catalog,
  });
  await rest.reloadConfig();
  // PostgREST's reload channel: an empty payload or 'reload schema' re-reads
  // the schema cache, 'reload config' the in-database settings (and then the
  // cache), so a migration applied while the backend runs is served at once.
  const unlistenPgrst = await db.listen('pgrst', (payload) => {
    const reload =
      payload === '' || payload === 'reload schema'
        ? rest.reloadSchema()
        : payload === 'reload config'
          ? rest.reloadConfig()
          : undefined;
    reload?.catch((e: unknown) =>
      console.error(
        '[rest] reload failed:',
        e instanceof Error ? e.message : e,
      ),
    );
  });
  // Realtime captures the tables the migrations put in `supabase_realtime`.
  const realtime = createRealtimeService(ctx);
  await realtime.refresh();
  // The product's page server on the same origin, reading this backend as a
  // visitor would (anon key, over loopback; the address is known once listening).
  let loopbackUrl = '';
  const pages = createPageServer({
    webDist: config.webDist,
    extensionOutputDir: config.extensionOutputDir,
    // Read per request: the public URL is only known after listening on port 0.
    publicUrl: () => config.publicUrl,
    supabaseUrl: () => config.publicUrl,
    supabaseReadUrl: () => loopbackUrl,
    anonKey: config.anonKey,
    demoMode: config.demoMode,
    extensionUrl: config.extensionUrl,
    supportEmail: config.supportEmail,
    billingEnabled: config.billingEnabled,
    linkedin: config.linkedinEnabled ? config.linkedin : null,
  });
  const wh = options.webhooks;
  const functions = createFunctionsService(ctx, {
    functionsDir: config.functionsDir,
    configToml: config.configToml,
    secretNames: config.functionSecrets,
    runtime: config.functionsRuntime,
    defaults: (secrets) => backendSecrets(config, secrets),
    overrides: { ...webhookTestSecrets(wh), ...options.functionEnv },
    handlers:
      wh?.fetch || wh?.lookup
        ? {
            'deliver-webhooks': createDeliverWebhooksHandler({
              fetch: wh.fetch ?? fetch,
              lookup: wh.lookup ?? (async () => []),
            }) as FunctionHandler,
          }
        : undefined,
  });
  const server = createHttpServer(
    ctx,
    [
      { prefix: '/auth/v1', handler: createAuthService(ctx), api: true },
      { prefix: '/rest/v1', handler: rest, api: true },
      {
        prefix: '/storage/v1',
        handler: createStorageService(ctx),
        api: true,
        maxBodyBytes: STORAGE_MAX_BODY_BYTES,
      },
      {
        prefix: '/functions/v1',
        handler: functions.handler,
        maxBodyBytes: 20 * 1024 * 1024,
        ownCors: true,
        api: true,
      },
      // The functions' e-mail provider when the operator configured none.
      { prefix: '/_outbox', handler: createOutboxApi(ctx) },
      ...(config.mailbox
        ? [{ prefix: '/_mail', handler: createMailboxService(ctx) }]
        : []),
    ],
    pages,
  );
  realtime.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { address, family, port } = server.address() as AddressInfo;
  const loopbackHost =
    address === '0.0.0.0' || address === '::'
      ? '127.0.0.1'
      : family === 'IPv6'
        ? `[${address}]`
        : address;
  loopbackUrl = `http://${loopbackHost}:${port}`;
  const url =
    config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;
  // Functions call the backend back at this address (SUPABASE_URL).
  if (config.port === 0) config.publicUrl = url;
  const smtp = config.smtpUrl
    ? startSmtpDelivery(db, config.smtpUrl, config.smtpFrom)
    : undefined;
  // The job functions, called as pg_cron and pg_net call them on hosted
  // Supabase (docs/background-jobs.md): every new feedback gets its AI fields
  // (DECISIONS.md "AI processing"), reaches company webhooks (issue #8), and
  // companies get their daily digest.
  const invoke = (name: string, body: unknown, signal?: AbortSignal) =>
    functions.invokeAsService(name, body, signal);
  const jobs: RunningBackend['jobs'] = {
    ai: config.aiWorker
      ? await startJobScheduler(db, invoke, {
          name: 'process-feedback',
          body: { queue: 'feedback_processing' },
          intervalMs: 5000,
          channel: 'feedback_processing_jobs',
        })
      : undefined,
    webhooks: config.webhookWorker
      ? await startJobScheduler(db, invoke, {
          name: 'deliver-webhooks',
          body: {},
          intervalMs: wh?.pollMs ?? 5000,
          channel: 'company_webhook_deliveries',
        })
      : undefined,
    // Company invitations (#21) are mailed as soon as they are made.
    invitations: config.digestWorker
      ? await startJobScheduler(db, invoke, {
          name: 'send-invitations',
          body: {},
          intervalMs: 60_000,
          channel: 'company_invitation_emails',
        })
      : undefined,
    // E-mails to opted-in authors about company messages (#21): on the
    // queue's NOTIFY, and every minute for the ones the throttle delayed.
    messageEmails: config.digestWorker
      ? await startJobScheduler(db, invoke, {
          name: 'send-message-emails',
          body: {},
          intervalMs: 60_000,
          channel: 'company_message_emails',
        })
      : undefined,
    // E-mails to opted-in contributors of a completed topic (#22): on the
    // queue's NOTIFY, and every minute for retries.
    topicEmails: config.digestWorker
      ? await startJobScheduler(db, invoke, {
          name: 'send-topic-emails',
          body: {},
          intervalMs: 60_000,
          channel: 'topic_completion_emails',
        })
      : undefined,
    digests: config.digestWorker
      ? await startJobScheduler(db, invoke, {
          name: 'send-digests',
          body: {},
          intervalMs: 3_600_000,
        })
      : undefined,
    // The weekly summary (#22): hourly; the queue sends one per member and week.
    weeklySummaries: config.digestWorker
      ? await startJobScheduler(db, invoke, {
          name: 'send-weekly-summaries',
          body: {},
          intervalMs: 3_600_000,
        })
      : undefined,
    // Authors told the owner joined (#35): on the queue's NOTIFY, and every
    // minute for retries.
    ownerJoinedEmails: config.digestWorker
      ? await startJobScheduler(db, invoke, {
          name: 'send-owner-joined-emails',
          body: {},
          intervalMs: 60_000,
          channel: 'owner_joined_emails',
        })
      : undefined,
    // The trial's clock (#35): every minute, as pg_cron's peega-run-trials.
    trials: config.digestWorker
      ? await startJobScheduler(db, invoke, {
          name: 'run-trials',
          body: {},
          intervalMs: 60_000,
        })
      : undefined,
  };
  return {
    url,
    ctx,
    migrations,
    invokeFunction: (name, body) => invoke(name, body),
    jobs,
    async stop() {
      await jobs.ai?.stop();
      await jobs.webhooks?.stop();
      await jobs.invitations?.stop();
      await jobs.messageEmails?.stop();
      await jobs.topicEmails?.stop();
      await jobs.digests?.stop();
      await jobs.weeklySummaries?.stop();
      await jobs.trials?.stop();
      await jobs.ownerJoinedEmails?.stop();
      await smtp?.stop();
      await unlistenPgrst();
      await functions.stop();
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
