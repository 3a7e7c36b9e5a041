import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: '/srv/app' });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      // The repository's ./data, not INIT_CWD's: every entry point agrees (see data-dir.test.ts).
      dataDir: path.resolve(import.meta.dirname, '../../..', 'data'),
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      demoData: true,
      logLevel: 'info',
    });
  });

  it('turns demo data off by default for an external database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/x' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/x', DEMO_DATA: 'on' }).demoData).toBe(
      true,
    );
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET: required/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'x' })).toThrow(/VAPID/);
    expect(() => loadConfig({ DEMO_DATA: 'kanske' })).toThrow(/DEMO_DATA/);
  });

  it('uses APP_URL for links, without a trailing slash', () => {
    expect(loadConfig({ APP_URL: 'https://protokoll.example.se/' }).appUrl).toBe(
      'https://protokoll.example.se',
    );
  });
});
