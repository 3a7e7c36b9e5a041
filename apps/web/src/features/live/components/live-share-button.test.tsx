import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { signInAs } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';
import { findToast } from '@/testing/render';
import { MATCH_ID } from '@/testing/protocol-data';
import { makeLiveLink } from '../testing/live-data';
import { LiveShareButton } from './live-share-button';

beforeAll(async () => {
  await import('./live-share-dialog');
}, 60_000);

beforeEach(() => {
  toast.dismiss();
});

const LINK = `/api/matches/${MATCH_ID}/live-link`;

function open(shared: boolean) {
  signInAs('user');
  let link = shared ? makeLiveLink() : null;
  const network = stubFetch({
    [`GET ${LINK}`]: () => ({ json: { link } }),
    [`POST ${LINK}`]: () => {
      link = makeLiveLink();
      return { status: 201, json: { link } };
    },
    [`DELETE ${LINK}`]: () => {
      link = null;
      return { json: { message: 'Protokollet delas inte längre.' } };
    },
  });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <LiveShareButton matchId={MATCH_ID} />
    </AppProvider>,
  );
  return { network, user: userEvent.setup() };
}

describe('Dela live', () => {
  it('creates the link on request, then offers it to copy and as a QR code', async () => {
    const { network, user } = open(false);
    await user.click(screen.getByRole('button', { name: 'Dela live' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dela live' });
    expect(await screen.findByText('Protokollet delas inte just nu.')).toBeInTheDocument();
    expect(network.callsTo(`POST ${LINK}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Skapa länk' }));
    const field = await screen.findByRole('textbox', { name: 'Länk' });
    expect(field).toHaveValue(makeLiveLink().url);
    expect(screen.getByRole('img', { name: 'QR-kod för länken' })).toHaveAttribute(
      'src',
      makeLiveLink().qr_code,
    );
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Kopiera länk' }));
    expect(writeText).toHaveBeenCalledWith(makeLiveLink().url);
    await findToast('Länken är kopierad');
    expect(dialog).toBeInTheDocument();
  });

  it('“Sluta dela” ends the link', async () => {
    const { network, user } = open(true);
    await user.click(screen.getByRole('button', { name: 'Dela live' }));
    await screen.findByRole('textbox', { name: 'Länk' });
    await user.click(screen.getByRole('button', { name: 'Sluta dela' }));
    expect(await screen.findByText('Protokollet delas inte just nu.')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo(`DELETE ${LINK}`)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Skapa länk' })).toBeEnabled();
  });
});
