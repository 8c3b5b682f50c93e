import type { AddressInfo } from 'node:net';
import type { BackendConfig } from './config.ts';
import type { BackendContext } from './context.ts';
import { migrate, type MigrateResult } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import type { Db } from './db/types.ts';
import { JwtService } from './jwt.ts';
import { createAuthService } from './auth/index.ts';
import { createRestService } from './rest/index.ts';
import {
  createStorageService,
  STORAGE_MAX_BODY_BYTES,
} from './storage/index.ts';
import { createHttpServer } from './server.ts';
import { createRealtimeService } from './realtime/index.ts';
import { createFunctionsService } from './functions/index.ts';
import { createMailboxService } from './mail/mailbox.ts';
import { createExtensionPage } from './extension-page.ts';
import { startSmtpDelivery } from './mail/smtp.ts';
import { feedbackAiOptions, startFeedbackAi } from './jobs/feedback-ai.ts';
import { startDigestWorker } from './jobs/digest.ts';
import { startInvitationMailWorker } from './jobs/invitations.ts';
import {
  startWebhookWorker,
  type WebhookWorkerOptions,
} from './jobs/webhooks.ts';

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

export interface RunningBackend {
  /** Base URL clients use (what `createClient` takes). */
  url: string;
  ctx: BackendContext;
  migrations: MigrateResult;
  stop(): Promise<void>;
}

/** Opens the database, migrates and seeds it, and serves every service on one port. */
export async function startBackend(
  config: BackendConfig,
  options: {
    now?: () => Date;
    /** Overrides of the webhook worker (tests: fetch, lookup, backoff). */
    webhooks?: Partial<WebhookWorkerOptions>;
    /**
     * An open database to use instead of opening the configured one (tests
     * start from a copy of a migrated template). It is migrated like any
     * other: already applied migrations are skipped.
     */
    db?: Db;
  } = {},
): Promise<RunningBackend> {
  const db = options.db ?? (await openDatabase(config));
  let migrations: MigrateResult;
  try {
    migrations = await migrate(db, {
      migrationsDir: config.migrationsDir,
      seedFile: config.seedFile,
      seed: config.seed,
    });
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
  });
  await rest.reloadSchema();
  // Realtime captures the tables the migrations put in `supabase_realtime`.
  const realtime = createRealtimeService(ctx);
  await realtime.refresh();
  const server = createHttpServer(ctx, [
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
      handler: createFunctionsService(ctx, {
        functionsDir: config.functionsDir,
        configToml: config.configToml,
        secretNames: config.functionSecrets,
      }),
      maxBodyBytes: 20 * 1024 * 1024,
      ownCors: true,
      api: true,
    },
    ...(config.mailbox
      ? [{ prefix: '/_mail', handler: createMailboxService(ctx) }]
      : []),
    {
      prefix: '/extension',
      handler: createExtensionPage(
        config.extensionOutputDir,
        () => config.publicUrl,
      ),
    },
  ]);
  realtime.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const smtp = config.smtpUrl
    ? startSmtpDelivery(db, config.smtpUrl, config.smtpFrom)
    : undefined;
  // Every new feedback gets its AI fields (DECISIONS.md "AI processing").
  const ai = config.aiWorker
    ? await startFeedbackAi(db, feedbackAiOptions(config))
    : undefined;
  // New feedback reaches company webhooks (issue #8).
  const webhooks = config.webhookWorker
    ? await startWebhookWorker(db, {
        allowPrivate: config.demoMode,
        timeoutMs: config.webhookTimeoutMs,
        ...options.webhooks,
      })
    : undefined;
  // Company invitations (#21) are mailed as soon as they are made.
  const invitations = config.digestWorker
    ? await startInvitationMailWorker(db, { publicUrl: () => config.publicUrl })
    : undefined;
  const digests = config.digestWorker
    ? startDigestWorker(db, { publicUrl: () => config.publicUrl })
    : undefined;
  const { port } = server.address() as AddressInfo;
  const url =
    config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;
  if (config.port === 0) config.publicUrl = url;
  return {
    url,
    ctx,
    migrations,
    async stop() {
      await smtp?.stop();
      await ai?.stop();
      await webhooks?.stop();
      await invitations?.stop();
      await digests?.stop();
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
