import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { authRoutes } from './features/auth/auth.routes';
import { healthRoutes } from './features/health/health.routes';
import { matchesRoutes } from './features/matches/matches.routes';
import { savedMatchesRoutes } from './features/matches/saved/saved-matches.routes';
import { officialRoutes } from './features/official/official.routes';
import { teamsRoutes } from './features/teams/teams.routes';
import { createSecretBox } from './lib/crypto';
import { createRateLimiter } from './lib/rate-limiter';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerSecurity } from './plugins/security';
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
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    ...(options.logger === undefined
      ? { logger: { level: config.logLevel } }
      : options.logger === false
        ? { logger: false }
        : { loggerInstance: options.logger }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
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
  await registerSecurity(app);

  const ctx: AppContext = {
    config,
    db,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    secretBox: createSecretBox(options.appSecret),
    rateLimiter: createRateLimiter(db),
    log: app.log,
  };
  registerAuth(app, db);

  await app.register(
    async (api) => {
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
        matchesRoutes,
        savedMatchesRoutes,
        teamsRoutes,
      ]) {
        await api.register(async (scope) => routes(scope, ctx));
      }
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDist ?? defaultWebDist());
  app.addHook('onClose', async () => ctx.mailer.close());
  return app;
}
