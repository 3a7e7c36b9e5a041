import { describe, expect, it } from 'vitest';
import { swedishDay } from './swedish-day';

const stockholm = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('swedishDay', () => {
  it('agrees with the time-zone database every half hour of 2025–2028', () => {
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2029, 0, 1);
    const wrong: string[] = [];
    for (let ms = from; ms < to; ms += 1_800_000) {
      if (swedishDay(ms) !== stockholm.format(ms)) wrong.push(new Date(ms).toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('turns the day at midnight in Sweden, in winter and in summer time', () => {
    expect(swedishDay(Date.parse('2026-11-23T22:59:59Z'))).toBe('2026-11-23');
    expect(swedishDay(Date.parse('2026-11-23T23:00:00Z'))).toBe('2026-11-24');
    expect(swedishDay(Date.parse('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(swedishDay(Date.parse('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});
