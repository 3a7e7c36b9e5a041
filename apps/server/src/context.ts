import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { sessions, users } from './db/schema/index';
import type { ResultsChanged } from './features/official/index';
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
  /**
   * Run by an official import in its transaction for the matches whose result it changed:
   * the protocol feature's `recompareSavedMatches` (see ResultsChanged in features/official/import).
   */
  officialResultsChanged: ResultsChanged;
};

/** Who calls: the signed-in user and session of a request (resolved by plugins/auth.ts). */
export type Auth = {
  user: typeof users.$inferSelect;
  session: typeof sessions.$inferSelect;
  /** data_versions as read with the session (see db/data-versions.ts). */
  dataVersions: Record<string, string>;
};

/** Where a request comes from, for rate limits and the mails that name it. */
export type ClientMeta = { ip: string; userAgent: string };
