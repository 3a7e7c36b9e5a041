import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
      liveStreams: { perAddress: 20, perInstance: 10_000 },
      pushAllowedHosts: [],
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
    expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: '10.0.0.5' })).toThrow(/PUSH_ALLOWED_HOSTS/);
    expect(() => loadConfig({ LIVE_STREAMS_PER_ADDRESS: '0' })).toThrow(/LIVE_STREAMS_PER_ADDRESS/);
    expect(() => loadConfig({ LIVE_STREAMS_PER_INSTANCE: 'många' })).toThrow(
      /LIVE_STREAMS_PER_INSTANCE/,
    );
  });

  it('takes DATABASE_DIRECT_URL beside a DATABASE_URL that is a transaction pooler, never alone', () => {
    const pooler = 'postgres://app:pw@pgbouncer:6432/speedway';
    const direct = 'postgres://app:pw@postgres:5432/speedway';
    expect(loadConfig({ DATABASE_URL: pooler }).databaseDirectUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: pooler, DATABASE_DIRECT_URL: direct })).toMatchObject({
      databaseUrl: pooler,
      databaseDirectUrl: direct,
    });
    // Empty is unset, as for every variable.
    expect(
      loadConfig({ DATABASE_URL: pooler, DATABASE_DIRECT_URL: '' }).databaseDirectUrl,
    ).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: direct })).toThrow(
      /DATABASE_DIRECT_URL: set it beside DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: pooler, DATABASE_DIRECT_URL: 'postgres' })).toThrow(
      /DATABASE_DIRECT_URL/,
    );
  });

  it('uses APP_URL for links, without a trailing slash', () => {
    expect(loadConfig({ APP_URL: 'https://protokoll.example.se/' }).appUrl).toBe(
      'https://protokoll.example.se',
    );
  });
});

describe('the official-data sync (OFFICIAL_SOURCE, SVEMO_TA_*)', () => {
  afterEach(() => vi.useRealTimers());
  const secret = 'p'.repeat(32);

  it('calls out to no source outside production, and to Svemo TA in production', () => {
    expect(loadConfig({}).officialSync.source).toBe('none');
    expect(loadConfig({ NODE_ENV: 'development' }).officialSync.source).toBe('none');
    expect(loadConfig({ NODE_ENV: 'test' }).officialSync.source).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret }).officialSync.source).toBe(
      'svemo-ta',
    );
    // Either way it can be set.
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, OFFICIAL_SOURCE: 'none' })
        .officialSync.source,
    ).toBe('none');
    expect(loadConfig({ OFFICIAL_SOURCE: 'svemo-ta' }).officialSync.source).toBe('svemo-ta');
  });

  it('has the documented defaults: TA at ta.svemo.se, this year, Elitserien', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-06-01T12:00:00Z') });
    expect(loadConfig({}).officialSync).toEqual({
      source: 'none',
      url: 'https://ta.svemo.se',
      seasons: [2031],
      series: 'Elitserien',
      matchNightMinutes: 5,
      quietHours: 6,
      pauseMs: 1_000,
      timeoutMs: 15_000,
    });
  });

  it('reads the seasons as a comma-separated list of years, and the URL without a trailing slash', () => {
    const c = loadConfig({
      SVEMO_TA_SEASONS: '2024, 2025',
      SVEMO_TA_URL: 'http://127.0.0.1:8080/',
      SVEMO_TA_SERIES: 'Allsvenskan',
    }).officialSync;
    expect(c).toMatchObject({
      seasons: [2024, 2025],
      url: 'http://127.0.0.1:8080',
      series: 'Allsvenskan',
    });
    expect(loadConfig({ SVEMO_TA_SEASONS: '2012' }).officialSync.seasons).toEqual([2012]);
    expect(loadConfig({ SVEMO_TA_SEASONS: '2025,2025' }).officialSync.seasons).toEqual([2025]);
    // Empty means unset, as in an env file.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-06-01T12:00:00Z') });
    expect(loadConfig({ SVEMO_TA_SEASONS: '' }).officialSync.seasons).toEqual([2031]);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ SVEMO_TA_SEASONS: '20x5' })).toThrow(
      /SVEMO_TA_SEASONS: SVEMO_TA_SEASONS must be one or more years/,
    );
    expect(() => loadConfig({ SVEMO_TA_SEASONS: '2025;2026' })).toThrow(/SVEMO_TA_SEASONS/);
    expect(() => loadConfig({ OFFICIAL_SOURCE: 'svemo' })).toThrow(/OFFICIAL_SOURCE/);
    expect(() => loadConfig({ SVEMO_TA_URL: 'ta.svemo.se' })).toThrow(/SVEMO_TA_URL/);
    expect(() => loadConfig({ SVEMO_TA_MATCH_NIGHT_MINUTES: '0' })).toThrow(
      /SVEMO_TA_MATCH_NIGHT_MINUTES/,
    );
    expect(() => loadConfig({ SVEMO_TA_PAUSE_MS: 'snabbt' })).toThrow(/SVEMO_TA_PAUSE_MS/);
  });
});
