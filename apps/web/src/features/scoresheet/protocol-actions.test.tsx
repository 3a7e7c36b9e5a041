import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { OfficialMatchDetail, SavedMatch } from '@speedway/contracts';
import { scoresheet, scoresheetSourceOf } from '@speedway/rules';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { findToast } from '@/testing/render';
import { MATCH_ID, makeMatch, makeOfficialDetail } from '@/testing/protocol-data';
import { BlankSheetActions } from './blank-sheet-actions';
import { fileNameOf } from './api/download-file';
import { PRINT_ROOT_ID } from './lib/print-scoresheet';
import { printSourceOfMatch, printSourceOfSaved } from './lib/print-sources';
import { NEEDS_CONNECTION, ProtocolActions } from './protocol-actions';

beforeAll(async () => {
  await import('./lib/print-scoresheet');
}, 60_000);

let saved: { href: string; download: string }[] = [];
beforeEach(() => {
  toast.dismiss();
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:sheet');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
  window.print = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById(PRINT_ROOT_ID)?.remove();
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

/** The export.json of a protocol: the engine's sheet of it (the server sends the same). */
function sheetOf(match: ReturnType<typeof makeMatch>) {
  const { sheet, details } = scoresheetSourceOf({ ...match, rulebook: match.meta.rules.rulebook });
  return scoresheet(sheet, details);
}

function show(routes: Parameters<typeof stubFetch>[0] = {}) {
  signInAs('user');
  const network = stubFetch(routes);
  const match = makeMatch();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <ProtocolActions protocolId={MATCH_ID} printSource={() => printSourceOfMatch(match)} />
    </AppProvider>,
  );
  return { network, match, user: userEvent.setup() };
}

const PDF = `GET /api/matches/${MATCH_ID}/scoresheet.pdf`;
const CSV = `GET /api/matches/${MATCH_ID}/export.csv`;
const JSON_FILE = `GET /api/matches/${MATCH_ID}/export.json`;

describe('ProtocolActions', () => {
  it('saves the PDF and the CSV under the names the server gives', async () => {
    const disposition = (ext: string) =>
      `attachment; filename="matchprotokoll.${ext}"; filename*=UTF-8''Matchprotokoll%20V%C3%A4stervik.${ext}`;
    const { network, user } = show({
      [PDF]: () => ({ text: '%PDF-1.7', headers: { 'content-disposition': disposition('pdf') } }),
      [CSV]: () => ({
        text: '\uFEFFHeat;',
        headers: { 'content-disposition': disposition('csv') },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Ladda ner PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:sheet', download: 'Matchprotokoll Västervik.pdf' });
    await user.click(screen.getByRole('button', { name: 'Exportera CSV' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.download).toBe('Matchprotokoll Västervik.csv');
    expect(network.callsTo(PDF)[0]!.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('exports the JSON beside the CSV, and says when it fails', async () => {
    let missing = false;
    const { network, user } = show({
      [JSON_FILE]: () =>
        missing
          ? apiError(404, 'NOT_FOUND', 'Matchen saknas.')
          : {
              json: sheetOf(makeMatch()),
              headers: { 'content-disposition': 'attachment; filename="matchprotokoll-vas.json"' },
            },
    });
    const csv = screen.getByRole('button', { name: 'Exportera CSV' });
    const json = screen.getByRole('button', { name: 'Exportera JSON' });
    // In the same row, right after the CSV.
    expect(csv.nextElementSibling).toBe(json);
    await user.click(json);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('matchprotokoll-vas.json');
    expect(network.callsTo(JSON_FILE)[0]!.headers.get('authorization')).toMatch(/^Bearer /);

    missing = true;
    await user.click(json);
    expect(await findToast('Kunde inte exportera JSON')).toBeInTheDocument();
    expect(await findToast('Matchen saknas.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('shows the server’s reason when a download fails', async () => {
    const { user } = show({
      [PDF]: () => apiError(503, 'PDF_UNAVAILABLE', 'PDF kan inte skapas på den här servern.'),
    });
    await user.click(screen.getByRole('button', { name: 'Ladda ner PDF' }));
    expect(await findToast('Kunde inte ladda ner PDF')).toBeInTheDocument();
    expect(await findToast('PDF kan inte skapas på den här servern.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('offline: prints, and says that PDF, CSV and JSON need a connection', async () => {
    setOnline(false);
    const { network, match, user } = show();
    expect(screen.getByRole('button', { name: 'Ladda ner PDF' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportera CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportera JSON' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exportera JSON' })).toHaveAccessibleDescription(
      NEEDS_CONNECTION,
    );
    expect(screen.getByText(NEEDS_CONNECTION)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skriv ut' }));
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    const root = document.getElementById(PRINT_ROOT_ID)!;
    expect(root.querySelector('h1')).toHaveTextContent(`${match.home_team} – ${match.away_team}`);
    expect(root.querySelectorAll('.ss-heat-group')).toHaveLength(15);
    expect(root.querySelector('style')!.textContent).toContain('size: A4 portrait');
    expect(network.calls).toHaveLength(0);
  });
});

describe('BlankSheetActions', () => {
  const BLANK = (id: string) => `GET /api/official-matches/${id}/blank-scoresheet.pdf`;

  function showBlank(match: OfficialMatchDetail, routes: Parameters<typeof stubFetch>[0] = {}) {
    signInAs('user');
    const network = stubFetch(routes);
    const view = render(
      <AppProvider queryClient={createQueryClient()}>
        <BlankSheetActions match={match} />
      </AppProvider>,
    );
    return { network, view, user: userEvent.setup() };
  }

  it('prints the line-ups without results before the match, and is not offered after', async () => {
    const match = makeOfficialDetail();
    const { view, user } = showBlank({ ...match, status: 'upcoming' });
    await user.click(screen.getByRole('button', { name: 'Skriv ut tomt protokoll' }));
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    const root = document.getElementById(PRINT_ROOT_ID)!;
    expect(root).toHaveTextContent('Matchprotokoll – tomt');
    expect(root).toHaveTextContent(match.lineups.home[0]!.name);
    view.rerender(
      <AppProvider queryClient={createQueryClient()}>
        <BlankSheetActions match={{ ...match, status: 'live' }} />
      </AppProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Skriv ut tomt protokoll' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ladda ner tomt protokoll (PDF)' })).toBeNull();
  });

  it('downloads the blank sheet as PDF from the server, and says why when it cannot', async () => {
    const match = { ...makeOfficialDetail(), status: 'upcoming' as const };
    let unavailable = false;
    const { network, user } = showBlank(match, {
      [BLANK(match.id)]: () =>
        unavailable
          ? apiError(503, 'PDF_UNAVAILABLE', 'PDF kan inte skapas på den här servern.')
          : {
              text: '%PDF-1.7',
              headers: {
                'content-disposition': 'attachment; filename="tomt-matchprotokoll-vas.pdf"',
              },
            },
    });
    const button = screen.getByRole('button', { name: 'Ladda ner tomt protokoll (PDF)' });
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('tomt-matchprotokoll-vas.pdf');
    expect(network.callsTo(BLANK(match.id))[0]!.headers.get('authorization')).toMatch(/^Bearer /);

    unavailable = true;
    await user.click(button);
    expect(await findToast('Kunde inte ladda ner PDF')).toBeInTheDocument();
    expect(await findToast('PDF kan inte skapas på den här servern.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('offline: prints, the PDF waits for a connection', () => {
    setOnline(false);
    showBlank({ ...makeOfficialDetail(), status: 'upcoming' });
    expect(screen.getByRole('button', { name: 'Skriv ut tomt protokoll' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Ladda ner tomt protokoll (PDF)' })).toBeDisabled();
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%C3%A5.pdf`, 'x')).toBe(
      'å.pdf',
    );
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A.pdf`, 'x')).toBe(
      'a.pdf',
    );
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});

describe('print sources', () => {
  it('print a protocol as the page has it, and a saved one with its own results', () => {
    const match = makeMatch();
    const fromMatch = printSourceOfMatch(match);
    expect(fromMatch.sheet).toEqual({
      rulebook: match.meta.rules.rulebook,
      lineups: match.lineups,
      heats: match.heats,
    });
    expect(fromMatch.details).toMatchObject({ home_team: match.home_team, referee: null });
    const ownHeats = match.heats.slice(0, 3);
    const saved = {
      match_details: { ...match, rulebook: match.meta.rules.rulebook },
      lineups: match.lineups,
      user_results: { home_score: 0, away_score: 0, heats: ownHeats },
    } as unknown as SavedMatch;
    expect(printSourceOfSaved(saved).sheet.heats).toBe(ownHeats);
    expect(printSourceOfSaved(saved).details.venue).toBe(match.venue);
  });
});
