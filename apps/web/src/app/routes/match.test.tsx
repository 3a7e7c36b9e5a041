import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withOutbox } from '@/features/protocol/testing/outbox';
import { serve } from '@/features/protocol/testing/server';
import { PRINT_ROOT_ID } from '@/features/scoresheet/lib/print-scoresheet';
import { signInAs } from '@/testing/data';
import { makeMatch, makeOfficialDetail } from '@/testing/protocol-data';
import { renderApp } from '@/testing/render';

// The page and the sheet's renderer load on first use: transformed here, outside the tests' time
// limits (the machine is shared).
beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/match'),
    import('@/features/scoresheet/lib/print-scoresheet'),
  ]);
}, 60_000);

withOutbox();

const OFFICIAL_ID = '33333333-3333-4333-8333-333333333333';

beforeEach(() => {
  window.print = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById(PRINT_ROOT_ID)?.remove();
});

/** The value the printed sheet gives a term of its match details ('Domare', 'Arena' …). */
function printedDetail(term: string): string | null | undefined {
  const root = document.getElementById(PRINT_ROOT_ID);
  const dt = [...(root?.querySelectorAll('dt') ?? [])].find((d) => d.textContent === term);
  return dt?.nextElementSibling?.textContent;
}

describe("the protocol's 'Skriv ut'", () => {
  it('names the referee of its official match, as the PDF does', async () => {
    signInAs();
    const network = serve(
      { ...makeMatch(), official_match_id: OFFICIAL_ID },
      {
        [`GET /api/official-matches/${OFFICIAL_ID}`]: {
          json: makeOfficialDetail({ id: OFFICIAL_ID, referee: 'Krister Gardell' }),
        },
      },
    );
    renderApp(`/match/${network.current().id}`);
    const actions = await screen.findByRole('group', { name: 'Protokollet ut ur appen' });
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'Skriv ut' }));
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    expect(printedDetail('Domare')).toBe('Krister Gardell');
  });

  it('prints without a referee when the protocol has no official match', async () => {
    signInAs();
    const network = serve(makeMatch());
    renderApp(`/match/${network.current().id}`);
    const actions = await screen.findByRole('group', { name: 'Protokollet ut ur appen' });
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'Skriv ut' }));
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    expect(printedDetail('Domare')?.trim()).toBe('');
    expect(network.calls.some((call) => call.path.startsWith('/api/official-matches'))).toBe(false);
  });
});
