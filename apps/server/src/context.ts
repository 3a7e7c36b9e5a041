import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Jobs } from './jobs/jobs';
import type { SecretBox } from './lib/crypto';
import type { RateLimiter } from './lib/rate-limiter';
import type { Mailer } from './mail/mailer';

/** What services need from the outside world; built once per app. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  secretBox: SecretBox;
  rateLimiter: RateLimiter;
  jobs: Jobs;
  log: FastifyBaseLogger;
};
