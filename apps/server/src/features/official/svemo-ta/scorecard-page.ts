import type { Helmet } from '@speedway/rules';
import { all, childTags, classesOf, hasClass, one, parseHtml, text, type Element } from './html';
import { parseTitle, type TaTitle } from './title';

// A TA scorecard page (CompetitionHeatSchema.aspx) read as it stands: no judgement beyond its
// structure. What the page means for a match (sums, rulebook, the import model) is decided by
// scorecard-checks.ts, choose-rulebook.ts and scorecard-to-match.ts.

const HELMET_BY_CLASS: Record<string, Helmet> = {
  HoodColor_Red: 'röd',
  HoodColor_Blue: 'blå',
  HoodColor_White: 'vit',
  HoodColor_Yellow: 'gul',
};

/** What a ride cell shows: the rider's points, a Svemo code, or nothing yet (not ridden). */
export type TaResult = { points: number } | { code: string } | null;

/** One cell of a rider's row: a ride, or the programmed rider's place when someone else rode. */
export type TaCell = {
  heat: number;
  gate: number | null;
  helmet: Helmet | null;
  /** The helmet letter stands in the upper row: the rider's programmed ride. */
  programmed: boolean;
  result: TaResult;
};

export type TaRider = {
  no: number;
  name: string;
  cells: TaCell[];
  /** `S:a`: points without bonus. */
  sum: number | null;
};

export type TaTeam = {
  name: string;
  riders: TaRider[];
  /** Per heat (index heat − 1): the team's score in it (the `TeamLeader` row). */
  heatScores: (number | null)[];
  /** Per heat: the running score after it (the `TeamCaptain` row). */
  runningScores: (number | null)[];
};

export type ScorecardPage = {
  competitionId: number | null;
  title: TaTitle;
  /** The result header's teams and scores, in page order (home first in Swedish). */
  scores: { name: string; score: number | null }[];
  attendance: number | null;
  /** Heat columns of the grid (15; a 16th is a run-off no rulebook has yet). */
  heatColumns: number;
  /** The grid's teams in page order: home, then away. */
  teams: TaTeam[];
};

/** A page that is not a TA scorecard at all (another page, an error page, a cut-off download). */
export class UnreadablePage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadablePage';
  }
}

const int = (value: string): number | null => (/^\d+$/.test(value) ? Number(value) : null);

/** The CompetitionId in the page's own links (its language switch names it). */
export function competitionIdIn(root: Element[] | Element): number | null {
  for (const link of all('a[href*="CompetitionId="]', root)) {
    const id = new URL(link.attribs.href!, 'https://ta.invalid/').searchParams.get('CompetitionId');
    if (id && int(id) !== null) return Number(id);
  }
  return null;
}

function readCell(cell: Element, heat: number): TaCell | null {
  const schema = one('table.DriverSchema', cell);
  if (!schema) return null;
  const helmetClass = classesOf(cell).find((name) => name in HELMET_BY_CLASS);
  const upper = text(one('td.DriverSchemaHoodColor', schema));
  const shown = text(one('td.Heat', schema));
  const points = int(shown);
  return {
    heat,
    gate: int(text(one('td.DriverSchemaLane', schema))),
    helmet: helmetClass ? HELMET_BY_CLASS[helmetClass]! : null,
    programmed: upper !== '',
    result: shown === '' ? null : points !== null ? { points } : { code: shown.toUpperCase() },
  };
}

type Columns = { heats: number[]; sum: number };

/** Which column holds which heat, and where `S:a` stands, from the grid's header. */
function readColumns(grid: Element): Columns {
  const headers = all('thead th', grid).map(text);
  const heats: number[] = [];
  headers.forEach((header, i) => {
    if (int(header) !== null) heats[i] = Number(header);
  });
  const sum = headers.indexOf('S:a');
  if (heats.filter(Boolean).length === 0 || sum < 0) {
    throw new UnreadablePage('Matchsidans tabell saknar kolumnerna för heaten och S:a.');
  }
  return { heats, sum };
}

/** The numbers of a `TeamLeader` or `TeamCaptain` row, per heat. */
function heatNumbers(cells: Element[], columns: Columns): (number | null)[] {
  const values: (number | null)[] = [];
  cells.forEach((cell, i) => {
    const heat = columns.heats[i];
    if (heat !== undefined) values[heat - 1] = int(text(cell));
  });
  return values;
}

function readRider(row: Element, columns: Columns): TaRider | null {
  const cells = childTags(row, 'td');
  const label = /^(\d)\.\s*(.*)$/.exec(text(cells[0]));
  if (!label) return null;
  const rides = cells.flatMap((cell, i) => {
    const heat = columns.heats[i];
    const ride = heat === undefined ? null : readCell(cell, heat);
    return ride ? [ride] : [];
  });
  return {
    no: Number(label[1]),
    name: label[2]!.trim(),
    cells: rides,
    sum: int(text(cells[columns.sum])),
  };
}

function readTeams(grid: Element, columns: Columns): TaTeam[] {
  const teams: TaTeam[] = [];
  for (const row of all('tbody > tr', grid)) {
    const cells = childTags(row, 'td');
    const team = teams.at(-1);
    if (hasClass(row, 'Team')) {
      teams.push({
        name: text(cells[0]).replace(/^Lag:\s*/, ''),
        riders: [],
        heatScores: [],
        runningScores: [],
      });
    } else if (!team) {
      continue;
    } else if (hasClass(row, 'Driver')) {
      const rider = readRider(row, columns);
      if (rider) team.riders.push(rider);
    } else if (hasClass(row, 'TeamLeader')) {
      team.heatScores = heatNumbers(cells, columns);
    } else if (hasClass(row, 'TeamCaptain')) {
      team.runningScores = heatNumbers(cells, columns);
    }
  }
  return teams;
}

/** Reads a scorecard page; a page without a scorecard's title or grid is UnreadablePage. */
export function parseScorecard(html: string): ScorecardPage {
  const doc = parseHtml(html);
  const heading = text(one('span#ctl00_Body_ucCompetitionHeader_lHeader', doc));
  if (!heading) throw new UnreadablePage('Sidan är ingen matchsida från Svemo TA (rubrik saknas).');
  const title = parseTitle(heading);
  const grid = one('table.rgMasterTable', doc);
  const columns = grid ? readColumns(grid) : null;
  const scores = all('div.floatLeft tr', doc).flatMap((row) => {
    const [name, score] = all('h2', row).map(text);
    return name ? [{ name, score: int(score ?? '') }] : [];
  });
  const attendance = /^Publik:\s*(\d+)$/.exec(text(one('div.defaultPadding h3', doc)))?.[1];
  return {
    competitionId: competitionIdIn(doc.children as Element[]),
    title,
    scores,
    attendance: attendance ? Number(attendance) : null,
    heatColumns: columns ? columns.heats.filter(Boolean).length : 0,
    teams: grid && columns ? readTeams(grid, columns) : [],
  };
}
