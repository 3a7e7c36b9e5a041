import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
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
  it('on a phone, shows toasts at the top, clear of the close button, while a dialog is open', async () => {
    setMediaQuery('(max-width: 600px)', true);
    const toaster = renderWithDialog();
    expect(await screen.findByText('Kunde inte spara heatet.')).toBeInTheDocument();
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');

    await userEvent.click(screen.getByRole('button', { name: 'Öppna' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(toaster()).toHaveAttribute('data-y-position', 'top');
    // Clear of the dialog's close button in its top right corner.
    expect((toaster() as HTMLElement).style.width).toBe('calc(100% - 60px)');

    await userEvent.click(screen.getByRole('button', { name: 'Stäng' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
  });

  it('on a desktop, shows them at the top middle, at their own width, while a dialog is open', async () => {
    setMediaQuery('(max-width: 600px)', false);
    const toaster = renderWithDialog();
    expect(await screen.findByText('Kunde inte spara heatet.')).toBeInTheDocument();
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster()).toHaveAttribute('data-x-position', 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Öppna' }));
    expect(toaster()).toHaveAttribute('data-y-position', 'top');
    expect(toaster()).toHaveAttribute('data-x-position', 'center');
    expect((toaster() as HTMLElement).style.width).toBe('');
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
