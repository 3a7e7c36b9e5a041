import type { AnyNode, Element } from 'domhandler';
import { Text } from 'domhandler';
import { getOuterHTML } from 'domutils';
import {
  all,
  childTags,
  hasClass,
  one,
  parseHtml,
  text,
} from '../../src/features/official/svemo-ta/html';

// Pages derived from the saved real ones, for the states and faults the saved pages do not show
// (a coming match, one under way, a page that does not add up, a correction, a moved date). Each
// change is made on the parsed tree of the real page, as TA's own page would differ.

type Doc = ReturnType<typeof parseHtml>;

function setText(element: Element | null, value: string) {
  if (!element) throw new Error('derived page: element not found');
  const node = new Text(value);
  node.parent = element;
  element.children = [node];
}

function edit(html: string, change: (doc: Doc) => void): string {
  const doc = parseHtml(html);
  change(doc);
  return getOuterHTML(doc.children as AnyNode[]);
}

const teamBlocks = (doc: Doc) => {
  const blocks: { team: Element; drivers: Element[]; leader: Element; captain: Element }[] = [];
  for (const row of all('table.rgMasterTable > tbody > tr', doc)) {
    if (hasClass(row, 'Team')) blocks.push({ team: row, drivers: [], leader: row, captain: row });
    else if (hasClass(row, 'Driver')) blocks.at(-1)!.drivers.push(row);
    else if (hasClass(row, 'TeamLeader')) blocks.at(-1)!.leader = row;
    else if (hasClass(row, 'TeamCaptain')) blocks.at(-1)!.captain = row;
  }
  return blocks;
};

const heatCell = (row: Element, heat: number) => one(`td.Heat${heat}`, row)!;

/** Another match with the same content: its own CompetitionId and title. */
export function withIdentity(html: string, competitionId: number, title?: string): string {
  return edit(html, (doc) => {
    for (const link of all('a[href*="CompetitionId="]', doc)) {
      link.attribs.href = link.attribs.href!.replace(
        /CompetitionId=\d+/,
        `CompetitionId=${competitionId}`,
      );
    }
    if (title) setText(one('span#ctl00_Body_ucCompetitionHeader_lHeader', doc), title);
  });
}

/** The page as it stands before heat `from` is ridden: later results, sums and the score gone. */
export function riddenUpTo(html: string, lastHeat: number): string {
  return edit(html, (doc) => {
    for (const block of teamBlocks(doc)) {
      for (const row of block.drivers) {
        for (let heat = lastHeat + 1; heat <= 15; heat++) {
          const result = one('td.Heat > div', heatCell(row, heat));
          if (result) setText(result, '');
        }
        const sum = one('td.Sum', row);
        if (sum) setText(sum, '');
      }
      for (const row of [block.leader, block.captain]) {
        for (let heat = lastHeat + 1; heat <= 15; heat++) setText(heatCell(row, heat), '');
      }
    }
    for (const h2 of all('div.floatLeft td[align="right"] h2', doc)) setText(h2, '');
    const audience = one('div.defaultPadding h3', doc);
    if (audience && lastHeat === 0) setText(audience, '');
  });
}

/** Before the line-ups are out: the team rows only. */
export function withoutLineups(html: string): string {
  return edit(riddenUpTo(html, 0), (doc) => {
    for (const block of teamBlocks(doc)) {
      for (const row of block.drivers) {
        const siblings = row.parent!.children;
        siblings.splice(siblings.indexOf(row), 1);
      }
    }
  });
}

/** One rider's shown points in one heat changed (nothing else): the page no longer adds up. */
export function withPoints(
  html: string,
  teamIndex: number,
  riderNo: number,
  heat: number,
  points: number,
): string {
  return edit(html, (doc) => {
    const row = teamBlocks(doc)[teamIndex]!.drivers.find((r) =>
      text(childTags(r, 'td')[0]).startsWith(`${riderNo}.`),
    )!;
    setText(one('td.Heat > div', heatCell(row, heat)), String(points));
  });
}

/**
 * A correction: two riders of one team swap their points in a heat, and their S:a follow, so the
 * corrected page adds up again (heat and team scores do not move).
 */
export function withSwappedPoints(
  html: string,
  teamIndex: number,
  heat: number,
  a: number,
  b: number,
): string {
  return edit(html, (doc) => {
    const drivers = teamBlocks(doc)[teamIndex]!.drivers;
    const rowOf = (no: number) =>
      drivers.find((r) => text(childTags(r, 'td')[0]).startsWith(`${no}.`))!;
    const cellA = one('td.Heat > div', heatCell(rowOf(a), heat))!;
    const cellB = one('td.Heat > div', heatCell(rowOf(b), heat))!;
    const [pa, pb] = [Number(text(cellA)), Number(text(cellB))];
    setText(cellA, String(pb));
    setText(cellB, String(pa));
    for (const [no, delta] of [
      [a, pb - pa],
      [b, pa - pb],
    ] as const) {
      const sum = one('td.Sum', rowOf(no))!;
      setText(sum, String(Number(text(sum)) + delta));
    }
  });
}

/** A 16th heat column (a run-off), as 2021's pages may have. */
export function withHeat16(html: string): string {
  return edit(html, (doc) => {
    const header = all('table.rgMasterTable thead th', doc);
    const fifteen = header.find((th) => text(th) === '15')!;
    const added = one('th', parseHtml('<table><tr><th class="rgHeader">16</th></tr></table>'))!;
    const siblings = fifteen.parent!.children;
    siblings.splice(siblings.indexOf(fifteen) + 1, 0, added);
    added.parent = fifteen.parent;
  });
}

/** The match list with one match moved to another date (postponed). */
export function listWithDate(html: string, competitionId: number, date: string): string {
  return edit(html, (doc) => {
    for (const row of all('table.rgMasterTable > tbody > tr', doc)) {
      if (!one(`a[href*="CompetitionId=${competitionId}"]`, row)) continue;
      const cell = childTags(row, 'td').find((td) => /^\d{4}-\d{2}-\d{2}$/.test(text(td)));
      setText(cell ?? null, date);
    }
  });
}

/** A scorecard's title with another date. */
export function withDate(html: string, date: string): string {
  return edit(html, (doc) => {
    const span = one('span#ctl00_Body_ucCompetitionHeader_lHeader', doc)!;
    setText(span, text(span).replace(/^\d{4}-\d{2}-\d{2}/, date));
  });
}
