import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import type { LocalView, PendingMark } from '../lib/local-view';
import { useAnnounceBlocked } from './use-announce-blocked';

const mark = (seq: number, heatNumber: number, state: PendingMark['state']): PendingMark => ({
  seq,
  state,
  title: `Heat ${heatNumber}`,
  heatNumber,
  likelyConflict: false,
  behind: null,
});

function pendingOf(...marks: PendingMark[]): LocalView['pending'] {
  return {
    heats: new Map(marks.map((m) => [m.heatNumber!, m])),
    nominations: null,
    save: null,
    start: null,
  };
}

function Page({
  pending,
  show,
}: {
  pending: LocalView['pending'];
  show: (mark: PendingMark, open: boolean) => void;
}) {
  useAnnounceBlocked(pending, show);
  return null;
}

describe('useAnnounceBlocked', () => {
  it('announces a change refused on reconnect once, goes to it, and opens the choice on asking', async () => {
    const show = vi.fn();
    const queued = pendingOf(mark(1, 1, 'queued'), mark(2, 2, 'queued'));
    const { rerender } = render(
      <>
        <Toaster />
        <Page pending={queued} show={show} />
      </>,
    );
    expect(show).not.toHaveBeenCalled();

    const conflict = pendingOf(mark(1, 1, 'conflict'), {
      ...mark(2, 2, 'queued'),
      behind: 'Heat 1',
    });
    rerender(
      <>
        <Toaster />
        <Page pending={conflict} show={show} />
      </>,
    );
    expect(await screen.findByText('Heat 1: Konflikt – välj version')).toBeInTheDocument();
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ seq: 1 }), false);

    // The same conflict again (a re-render, the outbox read again): not announced twice.
    rerender(
      <>
        <Toaster />
        <Page pending={pendingOf(mark(1, 1, 'conflict'))} show={show} />
      </>,
    );
    expect(show).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Välj version' }));
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ seq: 1 }), true);
  });

  it('names a change the server would not take, with the way to it', async () => {
    const show = vi.fn();
    render(
      <>
        <Toaster />
        <Page pending={pendingOf(mark(5, 3, 'failed'))} show={show} />
      </>,
    );
    expect(await screen.findByText('Heat 3: Kunde inte skickas – välj')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Visa' }));
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ seq: 5 }), true);
  });
});
