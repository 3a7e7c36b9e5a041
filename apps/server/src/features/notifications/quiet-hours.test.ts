import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours';

const at = (iso: string) => new Date(iso);

describe('quietUntil (UTC)', () => {
  const night = { start: '22:00', end: '07:00' };

  it('wraps midnight: quiet from the start minute until the end minute of the next morning', () => {
    expect(quietUntil(at('2026-03-01T21:59:59Z'), night)).toBeNull();
    expect(quietUntil(at('2026-03-01T22:00:00Z'), night)).toEqual(at('2026-03-02T07:00:00Z'));
    expect(quietUntil(at('2026-03-01T23:45:00Z'), night)).toEqual(at('2026-03-02T07:00:00Z'));
    expect(quietUntil(at('2026-03-02T00:00:00Z'), night)).toEqual(at('2026-03-02T07:00:00Z'));
    expect(quietUntil(at('2026-03-02T06:59:59Z'), night)).toEqual(at('2026-03-02T07:00:00Z'));
    expect(quietUntil(at('2026-03-02T07:00:00Z'), night)).toBeNull();
    expect(quietUntil(at('2026-03-02T12:00:00Z'), night)).toBeNull();
  });

  it('crosses month and year ends', () => {
    expect(quietUntil(at('2026-12-31T23:30:00Z'), night)).toEqual(at('2027-01-01T07:00:00Z'));
    expect(quietUntil(at('2028-02-28T22:15:00Z'), night)).toEqual(at('2028-02-29T07:00:00Z'));
  });

  it('a window within one day', () => {
    const lunch = { start: '11:15', end: '13:45' };
    expect(quietUntil(at('2026-03-01T11:14:00Z'), lunch)).toBeNull();
    expect(quietUntil(at('2026-03-01T11:15:00Z'), lunch)).toEqual(at('2026-03-01T13:45:00Z'));
    expect(quietUntil(at('2026-03-01T13:45:00Z'), lunch)).toBeNull();
  });

  it('start equal to end: no quiet hours at all', () => {
    for (const hour of ['00:00', '07:00', '22:00']) {
      expect(quietUntil(at('2026-03-01T07:00:00Z'), { start: hour, end: hour })).toBeNull();
      expect(quietUntil(at('2026-03-01T23:00:00Z'), { start: hour, end: hour })).toBeNull();
    }
  });

  it('ends at midnight', () => {
    const evening = { start: '20:00', end: '00:00' };
    expect(quietUntil(at('2026-03-01T20:30:00Z'), evening)).toEqual(at('2026-03-02T00:00:00Z'));
    expect(quietUntil(at('2026-03-02T00:00:00Z'), evening)).toBeNull();
  });
});
