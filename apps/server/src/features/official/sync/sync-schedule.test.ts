import { describe, expect, it } from 'vitest';
import {
  inMatchNight,
  isDue,
  matchNightWindow,
  nextRunAt,
  stockholmDay,
  type ScheduleInput,
} from './sync-schedule';

// When the sync runs: every few minutes from 18:00 to midnight (Stockholm) on a day with a match
// in the app, every few hours otherwise. Summer dates are UTC+2, winter dates UTC+1.

const at = (iso: string) => new Date(iso);
const hours = (n: number) => n * 3_600_000;

/** The schedule's defaults (config.ts): 5 minutes on a match night, 6 hours otherwise. */
function input(now: string, lastStart: string | null, matchToday: boolean): ScheduleInput {
  return {
    now: at(now),
    lastStart: lastStart === null ? null : at(lastStart),
    matchToday,
    matchNightMinutes: 5,
    quietHours: 6,
  };
}

const next = (...args: Parameters<typeof input>) => nextRunAt(input(...args)).toISOString();
const due = (...args: Parameters<typeof input>) => isDue(input(...args));

describe('nextRunAt and isDue', () => {
  it('with no run yet: due now, match day or not', () => {
    for (const matchToday of [false, true]) {
      expect(next('2025-07-01T09:00:00Z', null, matchToday)).toBe('2025-07-01T09:00:00.000Z');
      expect(due('2025-07-01T09:00:00Z', null, matchToday)).toBe(true);
      expect(due('2025-07-01T17:00:00Z', null, matchToday)).toBe(true);
    }
  });

  it('on a quiet day: quietHours after the last start, whatever started it', () => {
    const last = '2025-07-01T06:10:00Z';
    expect(next('2025-07-01T08:00:00Z', last, false)).toBe('2025-07-01T12:10:00.000Z');
    expect(due('2025-07-01T12:09:59Z', last, false)).toBe(false);
    expect(due('2025-07-01T12:10:00Z', last, false)).toBe(true);
    // The evening of a day without a match is no match night.
    expect(next('2025-07-01T17:30:00Z', '2025-07-01T16:00:00Z', false)).toBe(
      '2025-07-01T22:00:00.000Z',
    );
    expect(due('2025-07-01T19:00:00Z', '2025-07-01T16:00:00Z', false)).toBe(false);
    expect(
      nextRunAt({ ...input('2025-07-01T08:00:00Z', last, false), quietHours: 24 }).toISOString(),
    ).toBe('2025-07-02T06:10:00.000Z');
  });

  it('on a match day before 18:00: the quiet time, or 18:00 Stockholm if that comes first (summer, UTC+2)', () => {
    // 18:00 in Stockholm on 1 July is 16:00 UTC.
    expect(next('2025-07-01T09:00:00Z', '2025-07-01T08:00:00Z', true)).toBe(
      '2025-07-01T14:00:00.000Z',
    );
    expect(next('2025-07-01T12:00:00Z', '2025-07-01T11:00:00Z', true)).toBe(
      '2025-07-01T16:00:00.000Z',
    );
    expect(due('2025-07-01T15:59:59Z', '2025-07-01T11:00:00Z', true)).toBe(false);
    expect(due('2025-07-01T14:00:00Z', '2025-07-01T08:00:00Z', true)).toBe(true);
  });

  it('on a match day before 18:00 in winter (UTC+1): 18:00 Stockholm is 17:00 UTC', () => {
    expect(next('2025-01-15T12:00:00Z', '2025-01-15T12:00:00Z', true)).toBe(
      '2025-01-15T17:00:00.000Z',
    );
    expect(next('2025-01-15T09:00:00Z', '2025-01-15T08:00:00Z', true)).toBe(
      '2025-01-15T14:00:00.000Z',
    );
    expect(due('2025-01-15T16:59:59Z', '2025-01-15T12:00:00Z', true)).toBe(false);
  });

  it('inside the match night: the first run at once when the last was before 18:00, then every N minutes', () => {
    // Summer: the window is 16:00–22:00 UTC.
    expect(next('2025-07-01T16:00:00Z', '2025-07-01T15:59:00Z', true)).toBe(
      '2025-07-01T16:00:00.000Z',
    );
    expect(due('2025-07-01T16:00:00Z', '2025-07-01T15:59:00Z', true)).toBe(true);
    // Started late (an instance was down): still at once.
    expect(due('2025-07-01T19:45:00Z', '2025-07-01T12:00:00Z', true)).toBe(true);
    // A run at 18:00 Stockholm: the next five minutes later, and so on until midnight.
    expect(next('2025-07-01T16:02:00Z', '2025-07-01T16:00:00Z', true)).toBe(
      '2025-07-01T16:05:00.000Z',
    );
    expect(due('2025-07-01T16:04:59Z', '2025-07-01T16:00:00Z', true)).toBe(false);
    expect(due('2025-07-01T16:05:00Z', '2025-07-01T16:00:00Z', true)).toBe(true);
    expect(next('2025-07-01T21:57:00Z', '2025-07-01T21:55:00Z', true)).toBe(
      '2025-07-01T22:00:00.000Z',
    );
    expect(
      nextRunAt({
        ...input('2025-07-01T18:00:00Z', '2025-07-01T17:58:00Z', true),
        matchNightMinutes: 15,
      }).toISOString(),
    ).toBe('2025-07-01T18:13:00.000Z');
    // Winter: the window is 17:00–23:00 UTC.
    expect(due('2025-01-15T16:59:00Z', '2025-01-15T12:00:00Z', true)).toBe(false);
    expect(due('2025-01-15T17:00:00Z', '2025-01-15T12:00:00Z', true)).toBe(true);
    expect(next('2025-01-15T22:58:00Z', '2025-01-15T22:56:00Z', true)).toBe(
      '2025-01-15T23:01:00.000Z',
    );
  });

  it('after midnight: back to the quiet interval, even when the new day has a match too', () => {
    // 00:30 Stockholm on 2 July (22:30 UTC on 1 July); the last run at 23:58.
    const last = '2025-07-01T21:58:00Z';
    for (const matchToday of [false, true]) {
      expect(next('2025-07-01T22:30:00Z', last, matchToday)).toBe('2025-07-02T03:58:00.000Z');
      expect(due('2025-07-01T22:30:00Z', last, matchToday)).toBe(false);
    }
    // Winter: 00:10 Stockholm is 23:10 UTC the day before.
    expect(next('2025-01-15T23:10:00Z', '2025-01-15T22:58:00Z', true)).toBe(
      '2025-01-16T04:58:00.000Z',
    );
  });
});

describe('matchNightWindow and inMatchNight', () => {
  it('is 18:00 to midnight in Stockholm: 16:00–22:00 UTC in summer, 17:00–23:00 UTC in winter', () => {
    expect(matchNightWindow(at('2025-07-01T09:00:00Z'))).toEqual({
      from: at('2025-07-01T16:00:00Z'),
      to: at('2025-07-01T22:00:00Z'),
    });
    expect(matchNightWindow(at('2025-01-15T09:00:00Z'))).toEqual({
      from: at('2025-01-15T17:00:00Z'),
      to: at('2025-01-15T23:00:00Z'),
    });
    // 01:00 Stockholm belongs to the new day: its window is that evening's.
    expect(matchNightWindow(at('2025-07-01T23:00:00Z')).from).toEqual(at('2025-07-02T16:00:00Z'));
  });

  it('counts as a match night only on a match day, from 18:00 up to (not including) midnight', () => {
    expect(inMatchNight(at('2025-07-01T16:00:00Z'), true)).toBe(true);
    expect(inMatchNight(at('2025-07-01T21:59:59Z'), true)).toBe(true);
    expect(inMatchNight(at('2025-07-01T15:59:59Z'), true)).toBe(false);
    expect(inMatchNight(at('2025-07-01T22:00:00Z'), true)).toBe(false);
    expect(inMatchNight(at('2025-07-01T19:00:00Z'), false)).toBe(false);
    expect(inMatchNight(at('2025-01-15T16:59:59Z'), true)).toBe(false);
    expect(inMatchNight(at('2025-01-15T17:00:00Z'), true)).toBe(true);
    expect(inMatchNight(at('2025-01-15T22:59:59Z'), true)).toBe(true);
    expect(inMatchNight(at('2025-01-15T23:00:00Z'), true)).toBe(false);
  });

  it('ends at the real midnight on the evenings before the clocks change', () => {
    // Summer time starts at 02:00 on 30 March 2025: midnight that begins it is still UTC+1.
    expect(matchNightWindow(at('2025-03-29T12:00:00Z'))).toEqual({
      from: at('2025-03-29T17:00:00Z'),
      to: at('2025-03-29T23:00:00Z'),
    });
    expect(inMatchNight(at('2025-03-29T22:30:00Z'), true)).toBe(true);
    // Summer time ends at 03:00 on 26 October 2025: midnight that begins it is still UTC+2.
    expect(matchNightWindow(at('2025-10-25T12:00:00Z'))).toEqual({
      from: at('2025-10-25T16:00:00Z'),
      to: at('2025-10-25T22:00:00Z'),
    });
    expect(due('2025-10-25T21:59:00Z', '2025-10-25T21:50:00Z', true)).toBe(true);
    expect(next('2025-10-25T22:10:00Z', '2025-10-25T21:58:00Z', true)).toBe(
      '2025-10-26T03:58:00.000Z',
    );
  });
});

describe('stockholmDay', () => {
  it('is the Stockholm date as a UTC range, from midnight to midnight', () => {
    expect(stockholmDay(at('2025-07-01T21:59:00Z'))).toEqual({
      from: at('2025-06-30T22:00:00Z'),
      to: at('2025-07-01T22:00:00Z'),
    });
    expect(stockholmDay(at('2025-07-01T22:00:00Z')).from).toEqual(at('2025-07-01T22:00:00Z'));
    expect(stockholmDay(at('2025-01-15T12:00:00Z'))).toEqual({
      from: at('2025-01-14T23:00:00Z'),
      to: at('2025-01-15T23:00:00Z'),
    });
    // The days the clocks change have 23 and 25 hours.
    const spring = stockholmDay(at('2025-03-30T12:00:00Z'));
    expect(spring).toEqual({ from: at('2025-03-29T23:00:00Z'), to: at('2025-03-30T22:00:00Z') });
    expect(spring.to.getTime() - spring.from.getTime()).toBe(hours(23));
    const autumn = stockholmDay(at('2025-10-26T12:00:00Z'));
    expect(autumn).toEqual({ from: at('2025-10-25T22:00:00Z'), to: at('2025-10-26T23:00:00Z') });
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(hours(25));
  });
});
