import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type DatabaseHandle, type DatabaseOptions } from '../src/db/client';
import { recordContract, type ContractRecorder, type OpenApiDocument } from './openapi-contract';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export type TestApp = {
  app: FastifyInstance;
  /** The test database's URL, for a second instance on the same database. */
  databaseUrl: string;
  db: DatabaseHandle['db'];
  smtp: SmtpSink;
  request: (opts: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  /** Every reply of request() checked against the OpenAPI document (OPENAPI_CONTRACT=0: none). */
  contract: ContractRecorder | null;
  close: () => Promise<void>;
};

/** A fresh database, cloned from the migrated template: its URL, and drop() to remove it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('pgServerUrl');
  const template = inject('pgTemplate');
  const name = `speedway_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** A fresh database (from the migrated template), a real SMTP sink and the app on top. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const smtp = await startSmtpSink();
  const t = await startInstance(database.url, smtp, env);
  return {
    ...t,
    close: async () => {
      await t.close();
      await smtp.close();
      await database.drop();
      t.contract?.assertConforms();
    },
  };
}

/**
 * Another app instance on the same database and mail server, as a second server process behind a
 * load balancer would be. Its close() leaves the database to the first instance.
 */
export function startSecondInstance(
  first: TestApp,
  env: Record<string, string> = {},
  database: DatabaseOptions = {},
): Promise<TestApp> {
  return startInstance(first.databaseUrl, first.smtp, env, database);
}

async function startInstance(
  databaseUrl: string,
  smtp: SmtpSink,
  env: Record<string, string>,
  database: DatabaseOptions = {},
): Promise<TestApp> {
  const handle = createDatabase(databaseUrl, database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    APP_URL: 'http://app.test',
    WEB_DIST: '/nonexistent',
    // Tests speak for many clients through X-Forwarded-For, as a reverse proxy on loopback would.
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    appSecret: 'test-secret-'.padEnd(40, 'x'),
    logger: false,
    jobs: { pollingIntervalSeconds: 0.5 },
  });
  await app.ready();
  const contract =
    process.env.OPENAPI_CONTRACT !== '0'
      ? recordContract(app.swagger() as unknown as OpenApiDocument)
      : null;
  return {
    app,
    databaseUrl,
    db: handle.db,
    smtp,
    request: async ({ token, headers, ...opts }) => {
      const injected = {
        ...opts,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      };
      const res = await app.inject(injected);
      contract?.record(injected, res);
      return res;
    },
    contract,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
