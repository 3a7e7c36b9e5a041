import { all, childTags, one, parseHtml, text } from './html';
import { parseTitle, type TaTitle } from './title';

// A page of a season's match list (events.aspx): a Telerik RadGrid whose further pages come by
// posting the page's own form back with the "next page" button as __EVENTTARGET.

export type TaListRow = {
  /** Null for a row that links no scorecard ("Inget resultat"). */
  competitionId: number | null;
  /** YYYY-MM-DD from the "Från datum" column. */
  date: string | null;
  title: TaTitle;
  /** The scorecard's address as the page links it (relative to the page). */
  scorecardHref: string | null;
};

/** How to ask for the next page: the form's action and every field to post. */
export type TaPostback = { action: string; fields: Record<string, string> };

export type MatchListPage = {
  rows: TaListRow[];
  page: number | null;
  pages: number | null;
  /** Null on the last page (the next button is disabled) or when the grid has no pager. */
  next: TaPostback | null;
};

/** Recognises a match-list page by its grid of scorecard links. */
export function isMatchListPage(html: string): boolean {
  const doc = parseHtml(html);
  return one('a[href*="CompetitionHeatSchema.aspx"]', doc) !== null && one('form', doc) !== null;
}

function readRow(row: ReturnType<typeof all>[number]): TaListRow | null {
  const cells = childTags(row, 'td').map(text);
  const name = cells.find((cell) => / - /.test(cell));
  if (!name) return null;
  const date = cells.find((cell) => /^\d{4}-\d{2}-\d{2}$/.test(cell)) ?? null;
  const href = one('a[href*="CompetitionHeatSchema.aspx"]', row)?.attribs.href ?? null;
  const id = href && new URL(href, 'https://ta.invalid/').searchParams.get('CompetitionId');
  return {
    competitionId: id && /^\d+$/.test(id) ? Number(id) : null,
    date,
    title: parseTitle(name),
    scorecardHref: href,
  };
}

function readNext(doc: ReturnType<typeof parseHtml>): TaPostback | null {
  const button = one('input.rgPageNext', doc);
  const form = one('form', doc);
  // A disabled pager button keeps its postback behind "return false;".
  if (!button?.attribs.name || !form || /^\s*return false;/.test(button.attribs.onclick ?? '')) {
    return null;
  }
  const fields: Record<string, string> = {};
  for (const input of all('input[type="hidden"]', form)) {
    if (input.attribs.name) fields[input.attribs.name] = input.attribs.value ?? '';
  }
  fields.__EVENTTARGET = button.attribs.name;
  fields.__EVENTARGUMENT = '';
  return { action: form.attribs.action ?? '', fields };
}

export function parseMatchList(html: string): MatchListPage {
  const doc = parseHtml(html);
  const rows = all('table.rgMasterTable > tbody > tr', doc).flatMap((row) => {
    const read = readRow(row);
    return read ? [read] : [];
  });
  const info = all('.rgInfoPart strong', doc).map((strong) => Number(text(strong)));
  const current = Number(text(one('a.rgCurrentPage', doc)));
  return {
    rows,
    page: Number.isInteger(current) && current > 0 ? current : null,
    pages: Number.isInteger(info[1]) ? info[1]! : null,
    next: readNext(doc),
  };
}
