import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { z } from 'zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { adsRoutes } from './features/ads/ads.routes';
import { authRoutes } from './features/auth/auth.routes';
import { signedIn } from './features/auth/index';
import { healthRoutes } from './features/health/health.routes';
import { liveRoutes } from './features/live/live.routes';
import { recompareSavedMatches } from './features/protocol/index';
import { protocolRoutes } from './features/protocol/protocol.routes';
import { startNotificationJobs } from './features/notifications/notification-jobs';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { pushRoutes } from './features/push/push.routes';
import { savedMatchesRoutes } from './features/protocol/saved/saved-matches.routes';
import { scoresheetRoutes } from './features/scoresheet/scoresheet.routes';
import { officialRoutes } from './features/official/official.routes';
import { startSyncJobs } from './features/official/sync/sync-jobs';
import { officialSyncRoutes } from './features/official/sync/sync.routes';
import { statisticsRoutes } from './features/statistics/statistics.routes';
import { teamsRoutes } from './features/teams/teams.routes';
import { tutorialsRoutes } from './features/tutorials/tutorials.routes';
import { announcementRoutes } from './features/announcement/announcement.routes';
import { createSecretBox } from './lib/crypto';
import { IDEMPOTENCY_CLEANUP_CRON, idempotencyStore } from './lib/idempotency-store';
import { createRateLimiter, setKeyPartSecret } from './lib/rate-limiter';
import { loggerOptions, withLogHygiene } from './lib/log';
import { MAX_PARAM_LENGTH, serverLimitOptions, type ServerTimeouts } from './lib/server-limits';
import { authMailWorker, type AuthMailJob } from './features/auth/auth-mail';
import {
  twoFactorRemovalWorker,
  type TwoFactorRemovalJob,
} from './features/auth/two-factor-removal';
import { startJobs } from './jobs/jobs';
import { MAINTENANCE_CRON, runMaintenance } from './jobs/maintenance';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAuth } from './plugins/auth';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerJsonBodyParser } from './plugins/json-body';
import { openApiRoutes, registerOpenApi } from './plugins/openapi';
import { registerRouteTable } from './plugins/route-table';
import { registerSecurity } from './plugins/security';
import { registerThrottle } from './plugins/throttle';
import { defaultWebDist, registerSpa } from './plugins/spa';

// Validation messages from zod in Swedish.
z.config(z.locales.sv());

export type AppOptions = {
  config: Config;
  db: Database;
  /** APP_SECRET, or the one generated into DATA_DIR. */
  appSecret: string;
  mailer?: Mailer;
  /** A pino logger, or false (tests); default: a new one at LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
  /** Request, header and keep-alive timeouts; the defaults suit production (tests shorten them). */
  timeouts?: Partial<ServerTimeouts>;
  /** Job workers run in every app instance unless turned off (e.g. a tool that only enqueues). */
  jobs?: { runWorkers?: boolean; pollingIntervalSeconds?: number };
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    // Log lines carry no SQL parameters, pg detail values, credentials or tokens (lib/log.ts).
    ...(options.logger === undefined
      ? { logger: loggerOptions(config.logLevel) }
      : options.logger === false
        ? { logger: false }
        : { loggerInstance: withLogHygiene(options.logger) }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Body limit and request/header/keep-alive timeouts (README "Limits on input").
    ...serverLimitOptions(options.timeouts),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Fastify's own refusals (bad URL encoding, long params, broken requests, timeouts) answer in
    // the error shape, in Swedish, without echoing the URL.
    frameworkErrors,
    clientErrorHandler,
  });
  // While closing, answers end their keep-alive connection, so that a graceful shutdown finishes
  // as soon as the requests in flight are answered instead of waiting for idle sockets.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (draining) reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerRouteTable(app);
  registerInputGuard(app);
  await registerSecurity(app);

  // Rate-limit keys hold HMACs keyed with APP_SECRET (lib/rate-limiter.ts).
  setKeyPartSecret(options.appSecret);
  const ctx: AppContext = {
    config,
    db,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    secretBox: createSecretBox(options.appSecret),
    rateLimiter: createRateLimiter(db),
    jobs: await startJobs(db, app.log, options.jobs),
    log: app.log,
    officialResultsChanged: recompareSavedMatches,
  };
  app.addHook('onClose', async () => ctx.jobs.stop());
  await ctx.jobs.work<AuthMailJob>('auth-mail', authMailWorker(ctx));
  await ctx.jobs.work<TwoFactorRemovalJob>('two-factor-removal', twoFactorRemovalWorker(ctx));
  await ctx.jobs.work('maintenance', () => runMaintenance(ctx));
  await ctx.jobs.schedule('maintenance', MAINTENANCE_CRON);
  await ctx.jobs.work('idempotency-cleanup', async () => {
    ctx.log.info({ deleted: await idempotencyStore.prune(db) }, 'idempotency keys expired');
  });
  await ctx.jobs.schedule('idempotency-cleanup', IDEMPOTENCY_CLEANUP_CRON);
  await startNotificationJobs(ctx);
  await startSyncJobs(ctx);
  registerAuth(app, (token, ip) => signedIn(db, token, ip));
  registerThrottle(app, db, { max: config.apiRateLimit });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      // JSON above 1 KiB is compressed for clients that accept it, at the fastest level: these
      // replies are built for one request (brotli 1 costs about a fifth of brotli 5's CPU for
      // 15–30 % more bytes). Replies of the read caches come compressed (lib/json-text.ts) and
      // pass through untouched.
      await api.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
        zlibOptions: { level: 1 },
      });
      api.addHook('onSend', async (_req, reply) => {
        // API replies are per user: never cached by the browser or a proxy.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      // Each area is its own plugin, so its hooks (e.g. requireAuth) stay inside it.
      for (const routes of [
        healthRoutes,
        authRoutes,
        accountRoutes,
        officialRoutes,
        officialSyncRoutes,
        protocolRoutes,
        savedMatchesRoutes,
        scoresheetRoutes(),
        teamsRoutes,
        statisticsRoutes,
        adsRoutes,
        announcementRoutes,
        tutorialsRoutes,
        notificationsRoutes,
        pushRoutes,
        liveRoutes,
      ]) {
        await api.register(async (scope) => routes(scope, ctx));
      }
      await api.register(openApiRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDist ?? defaultWebDist());
  app.addHook('onClose', async () => ctx.mailer.close());
  return app;
}
