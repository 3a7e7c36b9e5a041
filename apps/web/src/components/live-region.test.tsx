import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announce } from '@/lib/announce';
import { LiveRegion } from './live-region';

describe('LiveRegion', () => {
  it('is one polite status region that says what is announced', () => {
    render(<LiveRegion />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-atomic', 'true');
    act(() => announce('3 osynkade'));
    expect(region).toHaveTextContent('3 osynkade');
    act(() => announce('Alla ändringar är skickade'));
    expect(region).toHaveTextContent(/^Alla ändringar är skickade$/);
  });

  it('puts a repeated text in a new node, so it is read again', () => {
    render(<LiveRegion />);
    act(() => announce('Offline'));
    const first = screen.getByText('Offline');
    act(() => announce('Offline'));
    expect(screen.getByText('Offline')).not.toBe(first);
  });
});
