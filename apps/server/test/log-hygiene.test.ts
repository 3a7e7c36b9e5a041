import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { users } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './test-app';
import { expectErrorShape } from './users';

// A 500 is logged with what a developer needs (class, pg code, constraint, table)
// and without the statement's parameters, PostgreSQL's detail values or credentials.

const SECRET_PARAM = 'sk_live_Param_Secret_4711';
const SECRET_EMAIL = 'hemlig.adress@example.se';
const BEARER = 'bearer_Secret_Token_0815';
const RESET_TOKEN = 'reset_Secret_Token_2342';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://app.test',
      WEB_DIST: '/nonexistent',
      API_RATE_LIMIT: '0',
    }),
    db: t.db,
    appSecret: 'test-secret-'.padEnd(40, 'x'),
    logger,
    jobs: { runWorkers: false },
  });
  // Routes that fail the way a real bug would: in the database, with values in the statement.
  app.get('/api/test-only/bad-cast', async () => {
    await t.db.execute(sql`SELECT ${SECRET_PARAM}::int AS n`);
    return {};
  });
  app.get('/api/test-only/duplicate', async () => {
    const row = { email: SECRET_EMAIL, passwordHash: `$argon2id$${SECRET_PARAM}` };
    await t.db.insert(users).values(row);
    await t.db.insert(users).values(row);
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

type LoggedError = {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  detail?: string;
  cause?: LoggedError;
};
type LogLine = { level: number; reqId: string; err?: LoggedError };

async function failingCall(url: string) {
  lines.length = 0;
  const res = await app.inject({
    method: 'GET',
    url: `${url}?token=${RESET_TOKEN}`,
    headers: { authorization: `Bearer ${BEARER}`, cookie: `session=${BEARER}` },
  });
  expect(res.statusCode).toBe(500);
  expectErrorShape(res.json(), 500, 'INTERNAL_ERROR');
  const all = lines.join('\n');
  const error = lines.map((l) => JSON.parse(l) as LogLine).find((l) => l.level === 50);
  expect(error, all).toBeDefined();
  return { all, err: error!.err!, reqId: error!.reqId, res };
}

function expectNoSecrets(all: string) {
  for (const secret of [SECRET_PARAM, SECRET_EMAIL, BEARER, RESET_TOKEN]) {
    expect(all).not.toContain(secret);
  }
  expect(all).not.toMatch(/params:/);
}

describe('500 log lines', () => {
  it('keep the class, SQL text and pg code of a failed query, not its parameters', async () => {
    const { all, err, reqId, res } = await failingCall('/api/test-only/bad-cast');
    expectNoSecrets(all);
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toBe('Failed query: SELECT $1::int AS n');
    expect(err.cause).toMatchObject({ type: 'DatabaseError', code: '22P02' });
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query: /);
    expect(res.json().message).toContain(reqId);
  });

  it('keep the constraint and table of a unique violation, not the detail with the value', async () => {
    const { all, err } = await failingCall('/api/test-only/duplicate');
    expectNoSecrets(all);
    expect(err.cause).toMatchObject({
      code: '23505',
      table: 'users',
      constraint: 'users_email_unique',
    });
    expect(err.cause?.message).toContain('"users_email_unique"');
    expect(err.cause?.detail).toBeUndefined();
  });

  it('mask credentials wherever a caller logs them', () => {
    lines.length = 0;
    app.log.info(
      {
        headers: { authorization: `Bearer ${BEARER}` },
        body: { password: SECRET_PARAM, code: '123456', token: RESET_TOKEN },
      },
      'careless',
    );
    expectNoSecrets(lines.join('\n'));
    expect(lines.join('\n')).not.toContain('123456');
  });
});
