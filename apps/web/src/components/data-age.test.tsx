import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataAge, dataAgeText } from './data-age';

const at = (time: string) => new Date(time).getTime();

describe('dataAgeText', () => {
  it('gives the time of day for data from today', () => {
    expect(dataAgeText(at('2026-11-23T14:32:00'), at('2026-11-23T18:05:00'))).toBe(
      'Uppdaterad 14:32',
    );
  });

  it('says how long ago for data from an earlier day', () => {
    expect(dataAgeText(at('2026-11-23T22:10:00'), at('2026-11-24T01:15:00'))).toBe(
      'Uppdaterad för 3 timmar sedan',
    );
    expect(dataAgeText(at('2026-11-20T12:00:00'), at('2026-11-23T12:00:00'))).toBe(
      'Uppdaterad för 3 dagar sedan',
    );
  });
});

describe('DataAge', () => {
  it('shows the age with its time, and moves on as the clock does', () => {
    vi.useFakeTimers({ now: at('2026-11-23T23:58:30') });
    render(<DataAge updatedAt={at('2026-11-23T21:40:00')} />);
    const time = screen.getByText('Uppdaterad 21:40');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', new Date(at('2026-11-23T21:40:00')).toISOString());

    // Past midnight the data is from yesterday.
    act(() => void vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText('Uppdaterad för 2 timmar sedan')).toBeInTheDocument();
  });

  it('shows nothing without a time', () => {
    const { container } = render(<DataAge updatedAt={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
