import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { closeOutbox, freshIndexedDb } from '@/lib/offline/testing/fake-server';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { signInAs } from '@/testing/data';
import { apiError, holdReply, stubFetch } from '@/testing/fetch-stub';
import { makeMatch } from '@/testing/protocol-data';
import { findToast } from '@/testing/render';
import { SaveProtocolButton, type SaveProtocolButtonProps } from '..';
import { savedMatchKeys } from '../api/keys';
import { makeSaveResponse, PROTOCOL_ID, SAVED_ID } from '../testing/saved-match-data';

const SAVE = `POST /api/matches/${PROTOCOL_ID}/save`;
const CONFIRM = `PUT /api/matches/${PROTOCOL_ID}/confirm`;
const CONFIRMED = { json: { ...makeMatch(), id: PROTOCOL_ID, status: 'confirmed' } };
const TAG = '00000000000abc';
// Only the toasts' clocks: IndexedDB (fake-indexeddb) schedules its work with setImmediate.
const TIMERS: ('setTimeout' | 'clearTimeout' | 'Date')[] = ['setTimeout', 'clearTimeout', 'Date'];

function renderButton(
  props: Partial<SaveProtocolButtonProps> = {},
  routes: Parameters<typeof stubFetch>[0] = {},
) {
  signInAs('user');
  const network = stubFetch(routes);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/match/:id',
        element: <SaveProtocolButton matchId={PROTOCOL_ID} protocolTag={TAG} canSave {...props} />,
      },
      { path: '/my-matches/saved/:id', element: <h1>Sparad match</h1> },
    ],
    { initialEntries: [`/match/${PROTOCOL_ID}`] },
  );
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { network, router, queryClient };
}

// The outbox's runner loads on first use; transformed here, outside the tests' time limits.
beforeAll(async () => {
  await Promise.all([import('@/lib/offline/replay'), import('@/lib/offline/apply-reply')]);
}, 60_000);

describe('SaveProtocolButton', () => {
  // Sonner keeps its toasts in a module-wide store and replays them to a new Toaster.
  beforeEach(async () => {
    toast.dismiss();
    await freshIndexedDb();
  });
  afterEach(closeOutbox);

  it('is disabled with the reason as its tooltip and written out for phones', async () => {
    const reason = 'Alla 15 heat måste vara registrerade. 14 av 15 heat är klara.';
    const { network } = renderButton({ canSave: false, disabledReason: reason });
    const button = screen.getByRole('button', { name: 'Spara protokoll' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
    const user = userEvent.setup();
    await user.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    await user.click(button);
    expect(network.calls).toHaveLength(0);
  });

  it('saves once, however often it is pressed, and refreshes the lists and the protocol', async () => {
    const save = holdReply();
    const { network, queryClient } = renderButton(
      {},
      { [SAVE]: save.handler, [CONFIRM]: CONFIRMED },
    );
    for (const key of [
      queryKeys.matches,
      queryKeys.match(PROTOCOL_ID),
      savedMatchKeys.all,
      queryKeys.officialMatches,
    ]) {
      queryClient.setQueryData(key, []);
    }
    const button = screen.getByRole('button', { name: 'Spara protokoll' });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(button);
    await user.dblClick(button);
    await waitFor(() => expect(network.callsTo(SAVE)).toHaveLength(1));
    // Through the outbox: an empty body, made on the protocol as shown, with its own key.
    const [sent] = network.callsTo(SAVE);
    expect(sent?.body).toEqual({});
    expect(sent?.headers.get('if-match')).toBe(`"${TAG}"`);
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(button).toBeDisabled();

    await act(async () =>
      save.release({ status: 201, json: makeSaveResponse({ official: 'same' }) }),
    );
    await findToast('Protokoll sparat');
    expect(screen.queryByText('Skillnader mot officiella resultat')).toBeNull();
    for (const key of [queryKeys.matches, savedMatchKeys.all, queryKeys.officialMatches]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
    // The protocol: the confirmation's reply, which the save is followed by (next test).
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.match(PROTOCOL_ID))).toMatchObject({
        status: 'confirmed',
      }),
    );
    // The saved match is already known, so opening it needs no call.
    expect(queryClient.getQueryData(savedMatchKeys.detail(SAVED_ID))).toMatchObject({
      id: SAVED_ID,
      status: 'validated',
    });
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('then confirms the protocol (docs/spec/2-matches-protocols-admin.md §4): PUT …/confirm on the same tag, once saved', async () => {
    const save = holdReply();
    const { network, queryClient } = renderButton(
      {},
      { [SAVE]: save.handler, [CONFIRM]: CONFIRMED },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Spara protokoll' }));
    await waitFor(() => expect(network.callsTo(SAVE)).toHaveLength(1));
    // Not before the save is through: a refused save is not confirmed.
    expect(network.callsTo(CONFIRM)).toHaveLength(0);
    await act(async () =>
      save.release({ status: 201, json: makeSaveResponse({ official: 'same' }) }),
    );
    await waitFor(() => expect(network.callsTo(CONFIRM)).toHaveLength(1));
    const [confirm] = network.callsTo(CONFIRM);
    expect(confirm?.body).toEqual({});
    expect(confirm?.headers.get('if-match')).toBe(`"${TAG}"`);
    expect(confirm?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(confirm?.headers.get('idempotency-key')).not.toBe(
      network.callsTo(SAVE)[0]?.headers.get('idempotency-key'),
    );
    // Its reply is the protocol, 'Bekräftad' now.
    // The suite's wait (testing/setup.ts), not a shorter one: the reply goes through the outbox
    // and IndexedDB first, which on a loaded machine took over 3 s.
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.match(PROTOCOL_ID))).toMatchObject({
        status: 'confirmed',
      }),
    );
    await findToast('Protokoll sparat');
  });

  it('lists the differences for 12 s with a way to the saved match', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: TIMERS });
    const { router } = renderButton(
      {},
      { [SAVE]: { json: makeSaveResponse() }, [CONFIRM]: CONFIRMED },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Spara protokoll' }));

    const title = await findToast('Skillnader mot officiella resultat');
    const toast = title.closest('[data-sonner-toast]') as HTMLElement;
    expect(toast).toHaveTextContent('Hemmalagets poäng (VAR): ditt 47 · officiellt 43');
    expect(toast).toHaveTextContent('Bortalagets poäng (DAC): ditt 43 · officiellt 47');
    expect(toast).toHaveTextContent('Heat som skiljer sig: 3, 15');
    await findToast('Protokoll sparat');

    // The ordinary toast is gone after its 4 s; the differences stay until 12 s have passed.
    await act(async () => vi.advanceTimersByTime(6_000));
    await waitFor(() => expect(screen.queryByText('Protokoll sparat')).toBeNull());
    expect(screen.getByText('Skillnader mot officiella resultat')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(screen.getByText('Skillnader mot officiella resultat')).toBeInTheDocument();

    await user.click(within(toast).getByRole('button', { name: 'Visa detaljer' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/my-matches/saved/${SAVED_ID}`),
    );
  });

  it('lets the differences toast go after 12 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: TIMERS });
    renderButton({}, { [SAVE]: { json: makeSaveResponse() }, [CONFIRM]: CONFIRMED });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Spara protokoll' }));
    await findToast('Skillnader mot officiella resultat');
    await act(async () => vi.advanceTimersByTime(11_500));
    expect(screen.getByText('Skillnader mot officiella resultat')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1_500));
    await waitFor(() =>
      expect(screen.queryByText('Skillnader mot officiella resultat')).toBeNull(),
    );
  });

  it('says why saving failed, in the server’s words', async () => {
    const message =
      'Protokollet kan inte sparas ännu. Heat 15 saknar resultat. 14 av 15 heat är klara.';
    renderButton(
      {},
      {
        [SAVE]: apiError(409, 'PROTOCOL_INCOMPLETE', message),
        // Before a refusal counts, the outbox reads the protocol back: not saved there.
        [`GET /api/matches/${PROTOCOL_ID}`]: { json: { ...makeMatch(), id: PROTOCOL_ID } },
      },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Spara protokoll' }));
    await findToast('Kunde inte spara protokollet');
    await findToast(message);
    expect(screen.getByRole('button', { name: 'Spara protokoll' })).toBeEnabled();
  });
});
