import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useKeepClearOfToasts } from '@/lib/toast-room';
import { setMediaQuery } from '@/testing/match-media';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from './dialog';
import { Toaster } from './sonner';

function renderWithDialog() {
  render(
    <>
      <Toaster />
      <Dialog>
        <DialogTrigger>Öppna</DialogTrigger>
        <DialogContent sheet aria-describedby={undefined}>
          <DialogTitle>Registrera Heat 2 Resultat</DialogTitle>
        </DialogContent>
      </Dialog>
    </>,
  );
  act(() => {
    toast.error('Kunde inte spara heatet.');
  });
  return () => document.querySelector('[data-sonner-toaster]');
}

describe('Toaster', () => {
  const room = () => document.documentElement.style.getPropertyValue('--toast-room');

  it('on a phone, keeps toasts at the bottom while a dialog is open and lifts the dialog by their room', async () => {
    setMediaQuery('(max-width: 600px)', true);
    const toaster = renderWithDialog();
    expect(await screen.findByText('Kunde inte spara heatet.')).toBeInTheDocument();
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
    expect(room()).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Öppna' }));
    const dialog = screen.getByRole('dialog');
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster()).toHaveAttribute('data-x-position', 'right');
    // jsdom lays nothing out: the room is the toasts' offset and gap, 8 + 8 px.
    await waitFor(() => expect(room()).toBe('16px'));
    expect(dialog.className).toContain('bottom-(--toast-room,0px)');

    act(() => {
      toast.dismiss();
    });
    await waitFor(() => expect(room()).toBe(''));
    await userEvent.click(screen.getByRole('button', { name: 'Stäng' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on a desktop, keeps them bottom right at their own width while a dialog is open', async () => {
    setMediaQuery('(max-width: 600px)', false);
    const toaster = renderWithDialog();
    expect(await screen.findByText('Kunde inte spara heatet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Öppna' }));
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster()).toHaveAttribute('data-x-position', 'right');
    await waitFor(() => expect(room()).toBe('32px'));
    await userEvent.click(screen.getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(room()).toBe(''));
  });

  it('lifts the toasts above a bar near the foot of the window while it is on screen', async () => {
    setMediaQuery('(max-width: 600px)', true);
    // A browser's observer reports each box it is given once after the next layout; here the test
    // says when. Measured before that (in the effect or an animation frame), the bar forced that
    // layout early: on a protocol's first render, a second layout of the whole page (ADR 024).
    const reports: (() => void)[] = [];
    class ReportingObserver {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        reports.push(() =>
          this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver),
        );
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', ReportingObserver);
    // jsdom lays nothing out: the bar says where it is, 120 px above the foot at first.
    let top = window.innerHeight - 120;
    function Bar() {
      const ref = useRef<HTMLDivElement>(null);
      useKeepClearOfToasts(ref);
      return (
        <div
          ref={(node) => {
            ref.current = node;
            if (node) {
              node.getBoundingClientRect = () => ({ top, bottom: top + 48, height: 48 }) as DOMRect;
            }
          }}
        />
      );
    }
    const { rerender } = render(
      <>
        <Toaster />
        <Bar />
      </>,
    );
    act(() => {
      toast.success('Heat 15 sparat');
    });
    await screen.findByText('Heat 15 sparat');
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    const offset = () => toaster.style.getPropertyValue('--mobile-offset-bottom');
    // Not measured before the layout is reported: two frames later the toasts are still in place.
    await act(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(offset()).toBe('88px');
    act(() => reports.forEach((report) => report()));
    // The toasts 8 px above the bar's top.
    await waitFor(() => expect(offset()).toBe('128px'));
    // Scrolled up past the top of the window: the toasts go back to their place.
    top = -100;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(offset()).toBe('88px'));
    top = window.innerHeight - 200;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(offset()).toBe('208px'));
    rerender(<Toaster />);
    await waitFor(() => expect(offset()).toBe('88px'));
  });

  it('closes a toast with a Swedish-named button', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Annons skapad');
    });
    const item = (await screen.findByText('Annons skapad')).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Dölj meddelande' }));
    await waitFor(() => expect(screen.queryByText('Annons skapad')).toBeNull());
  });
});
