import { describe, expect, it } from 'vitest';
import { AdFormBodySchema, AdSelectBodySchema, isHttpUrl } from './ads';
import { AnnouncementBodySchema, isAnnouncementVisible, type Announcement } from './announcement';

const ad = {
  title: 'Vårpremiär',
  image_url: 'https://bilder.example.se/banner.png',
  click_url: 'https://klubben.example.se/biljetter?ref=app',
  start_date: '2026-04-01',
  end_date: '2026-04-30',
};

const messages = (schema: { safeParse: (v: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('isHttpUrl', () => {
  it('takes absolute http and https addresses', () => {
    for (const url of [
      'https://example.se',
      'http://example.se:8080/a/b?c=d#e',
      'https://bilder.åäö.se/x.png',
      'http://[::1]/x',
      'http://127.0.0.1/x',
    ]) {
      expect(isHttpUrl(url), url).toBe(true);
    }
  });

  it('refuses script, data and relative links and addresses with spaces', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:image/png;base64,AAAA',
      '//example.se/x',
      '/relativ',
      'ftp://example.se/x',
      'https://',
      'https://exa mple.se',
      'https://example.se/a b',
      'https:/example.se',
    ]) {
      expect(isHttpUrl(url), url).toBe(false);
    }
  });
});

describe('AdFormBodySchema', () => {
  it('accepts the form and trims it', () => {
    expect(AdFormBodySchema.parse({ ...ad, title: '  Vårpremiär ' })).toEqual(ad);
  });

  it('names every missing field in Swedish', () => {
    expect(messages(AdFormBodySchema, {})).toEqual([
      'title: Titel krävs.',
      'image_url: Bildadress krävs.',
      'click_url: Länkadress krävs.',
      'start_date: Startdatum krävs.',
      'end_date: Slutdatum krävs.',
    ]);
  });

  it('refuses a javascript: click URL and a data: image', () => {
    expect(
      messages(AdFormBodySchema, {
        ...ad,
        click_url: 'javascript:alert(1)',
        image_url: 'data:image/png;base64,AAAA',
      }),
    ).toEqual([
      'image_url: Bildadressen måste vara en fullständig adress som börjar med http:// eller https://.',
      'click_url: Länkadressen måste vara en fullständig adress som börjar med http:// eller https://.',
    ]);
  });

  it('refuses an end before the start, and dates that do not exist', () => {
    expect(messages(AdFormBodySchema, { ...ad, end_date: '2026-03-31' })).toEqual([
      'end_date: Slutdatumet får inte vara före startdatumet.',
    ]);
    expect(messages(AdFormBodySchema, { ...ad, end_date: ad.start_date })).toEqual([]);
    expect(messages(AdFormBodySchema, { ...ad, start_date: '2026-02-30' })).toEqual([
      'start_date: Ange datumet som ÅÅÅÅ-MM-DD.',
    ]);
  });

  it('refuses unknown fields and a bad package', () => {
    expect(messages(AdFormBodySchema, { ...ad, package: 'diamond' })).toEqual([
      'package: Paketet ska vara bronze, silver, gold eller platinum.',
    ]);
    expect(messages(AdFormBodySchema, { ...ad, status: 'active' })).toHaveLength(1);
  });
});

describe('AdSelectBodySchema', () => {
  it('needs a known placement; the match fields may be missing or null', () => {
    expect(AdSelectBodySchema.parse({ placement: 'protocol-top', clubSlug: null })).toEqual({
      placement: 'protocol-top',
      clubSlug: null,
    });
    expect(messages(AdSelectBodySchema, { placement: 'sidebar' })).toEqual([
      "placement: placement ska vara 'protocol-top' eller 'protocol-bottom'.",
    ]);
  });
});

describe('AnnouncementBodySchema', () => {
  it('fills in level and dismissible, and reads an empty expiry as none', () => {
    expect(AnnouncementBodySchema.parse({ message: ' Hej ', active: true, expiresAt: '' })).toEqual(
      { message: 'Hej', level: 'info', active: true, dismissible: true, expiresAt: null },
    );
  });

  it('gives the spec messages for a blank active message and a bad expiry', () => {
    expect(messages(AnnouncementBodySchema, { message: '   ', active: true })).toEqual([
      'message: Meddelandet måste fyllas i för att kunna aktiveras.',
    ]);
    expect(messages(AnnouncementBodySchema, { message: '', active: false })).toEqual([]);
    expect(
      messages(AnnouncementBodySchema, { message: 'x', active: true, expiresAt: 'i morgon' }),
    ).toEqual(['expiresAt: Ogiltigt utgångsdatum.']);
    expect(messages(AnnouncementBodySchema, { message: 'x', active: true, expiresAt: 5 })).toEqual([
      'expiresAt: Ogiltigt utgångsdatum.',
    ]);
  });

  it('normalises the expiry to UTC', () => {
    const body = AnnouncementBodySchema.parse({
      message: 'x',
      active: true,
      expiresAt: '2026-06-01T12:00:00+02:00',
    });
    expect(body.expiresAt).toBe('2026-06-01T10:00:00.000Z');
  });
});

describe('isAnnouncementVisible', () => {
  const base: Announcement = {
    id: '00000000-0000-4000-8000-000000000001',
    version: 1,
    message: 'Hej',
    level: 'info',
    active: true,
    dismissible: true,
    expiresAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  const now = new Date('2026-05-01T12:00:00Z');
  it('shows an active, non-empty, unexpired one; an invalid expiry is none', () => {
    expect(isAnnouncementVisible(base, now)).toBe(true);
    expect(isAnnouncementVisible({ ...base, active: false }, now)).toBe(false);
    expect(isAnnouncementVisible({ ...base, message: '  ' }, now)).toBe(false);
    expect(isAnnouncementVisible({ ...base, expiresAt: '2026-05-01T11:59:59Z' }, now)).toBe(false);
    expect(isAnnouncementVisible({ ...base, expiresAt: '2026-05-01T12:00:01Z' }, now)).toBe(true);
    expect(isAnnouncementVisible({ ...base, expiresAt: 'trasig' }, now)).toBe(true);
  });
});
