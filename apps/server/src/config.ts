import { z } from 'zod';
import path from 'node:path';
import { allowedHostEntry } from './lib/host-port';
import { projectRoot } from './project-root';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url().optional(),
  DATABASE_DIRECT_URL: z.url().optional(),
  APP_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Speedway Elitserien <no-reply@speedway.local>'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).optional(),
  PUSH_ALLOWED_HOSTS: z
    .string()
    .refine(
      (value) => value.split(',').every((entry) => allowedHostEntry(entry) !== null),
      'PUSH_ALLOWED_HOSTS must be a comma-separated list of host:port pairs (push.internal:8443, 10.0.0.5:443, [fd00::5]:443)',
    )
    .optional(),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DEMO_DATA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  LIVE_STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  OFFICIAL_SOURCE: z.enum(['svemo-ta', 'none']).optional(),
  SVEMO_TA_URL: z.url().default('https://ta.svemo.se'),
  SVEMO_TA_SEASONS: z
    .string()
    .regex(
      /^\s*\d{4}(\s*,\s*\d{4})*\s*$/,
      'SVEMO_TA_SEASONS must be one or more years, comma-separated (2026 or 2025,2026)',
    )
    .optional(),
  SVEMO_TA_SERIES: z.string().trim().min(1).max(80).default('Elitserien'),
  SVEMO_TA_MATCH_NIGHT_MINUTES: z.coerce.number().int().min(1).max(180).default(5),
  SVEMO_TA_QUIET_HOURS: z.coerce.number().int().min(1).max(168).default(6),
  SVEMO_TA_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  SVEMO_TA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|loopback|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'TRUST_PROXY must be true, false, loopback, a hop count, or a comma-separated list of proxy IPs/CIDRs',
    )
    .optional(),
});

/**
 * Which peers may set X-Forwarded-For (and so the client IP every per-IP limit counts): none by
 * default, so that a client cannot pick its own IP. Set it to the reverse proxy in front.
 */
function trustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.replace(/\s+/g, '');
}

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Set when DATABASE_URL is a transaction pooler (PgBouncer, pool_mode = transaction): the same
   * database without it, for what needs a session of its own (LISTEN, the migrations' lock); the
   * pool then sends its statements unnamed (ADR 026).
   */
  databaseDirectUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  appSecret: string | undefined;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** Push endpoints accepted besides the browsers' push services: `host:port` (http too). */
  pushAllowedHosts: string[];
  /** How long one push may take before it counts as failed (and is retried). */
  pushTimeoutMs: number;
  demoData: boolean;
  logLevel: string;
  webDist: string | undefined;
  /** Requests per minute per signed-in user (per IP when signed out) on /api; 0 = off. */
  apiRateLimit: number;
  /** Open live event streams (GET /api/live/{token}/events) one instance holds, per IP and in all. */
  liveStreams: { perAddress: number; perInstance: number };
  /** Fastify's trustProxy: false, true, a hop count, or proxy addresses ('loopback', CIDRs). */
  trustProxy: TrustProxy;
  /** The official-data sync (features/official/sync). */
  officialSync: OfficialSyncConfig;
};

export type OfficialSyncConfig = {
  /** 'none' never calls out: the default outside production. */
  source: 'svemo-ta' | 'none';
  url: string;
  seasons: number[];
  series: string;
  /** Between runs from 18:00 to midnight (Stockholm) on a day with a match in the app. */
  matchNightMinutes: number;
  /** Between runs otherwise. */
  quietHours: number;
  pauseMs: number;
  timeoutMs: number;
};

/** Reads the environment once at start; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most env files.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new Error('Invalid configuration:\n  APP_SECRET: required when NODE_ENV=production');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_DIRECT_URL: set it beside DATABASE_URL (the transaction pooler it bypasses), not alone',
    );
  }
  const keyBytes = (key: string) =>
    /^[A-Za-z0-9_-]+={0,2}$/.test(key) ? Buffer.from(key, 'base64url').length : -1;
  if (
    e.VAPID_PUBLIC_KEY &&
    (keyBytes(e.VAPID_PUBLIC_KEY) !== 65 || keyBytes(e.VAPID_PRIVATE_KEY ?? '') !== 32)
  ) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: expected base64url keys of 65 and 32 bytes (npx web-push generate-vapid-keys)',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // Unset: the repository's ./data, for the server and every tool alike, wherever they run
    // from. A relative DATA_DIR counts from where the command was typed (npm's INIT_CWD).
    dataDir: e.DATA_DIR
      ? path.resolve(env.INIT_CWD || process.cwd(), e.DATA_DIR)
      : path.join(projectRoot() ?? process.cwd(), 'data'),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET,
    vapid: {
      ...(e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY } : {}),
      ...(e.VAPID_PRIVATE_KEY ? { privateKey: e.VAPID_PRIVATE_KEY } : {}),
      subject: e.VAPID_SUBJECT ?? appUrl,
    },
    pushAllowedHosts: (e.PUSH_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((entry) => allowedHostEntry(entry))
      .filter((entry): entry is string => entry !== null),
    pushTimeoutMs: e.PUSH_TIMEOUT_MS,
    // Demo data is on by default only for the embedded database, never for an external one.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    apiRateLimit: e.API_RATE_LIMIT,
    liveStreams: {
      perAddress: e.LIVE_STREAMS_PER_ADDRESS,
      perInstance: e.LIVE_STREAMS_PER_INSTANCE,
    },
    trustProxy: trustProxy(e.TRUST_PROXY),
    officialSync: {
      source: e.OFFICIAL_SOURCE ?? (e.NODE_ENV === 'production' ? 'svemo-ta' : 'none'),
      url: e.SVEMO_TA_URL.replace(/\/+$/, ''),
      seasons: e.SVEMO_TA_SEASONS
        ? [...new Set(e.SVEMO_TA_SEASONS.split(',').map((year) => Number(year.trim())))]
        : [new Date().getFullYear()],
      series: e.SVEMO_TA_SERIES,
      matchNightMinutes: e.SVEMO_TA_MATCH_NIGHT_MINUTES,
      quietHours: e.SVEMO_TA_QUIET_HOURS,
      pauseMs: e.SVEMO_TA_PAUSE_MS,
      timeoutMs: e.SVEMO_TA_TIMEOUT_MS,
    },
  };
}
