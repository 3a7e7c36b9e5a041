import { describe, expect, it } from 'vitest';
import { formatAverage } from './format';
import { ratio } from './lines';

// The average's formula against Svemo's own figures: the real 2012 pages saved beside the
// repository (../shared/sources/svemo-ta/2012, as CI has them; this file is five levels below).
const DIR = '../../../../../shared/sources/svemo-ta/2012';
const pages = import.meta.glob<string>(
  [
    '../../../../../shared/sources/svemo-ta/2012/squad_vet_2012.html',
    '../../../../../shared/sources/svemo-ta/2012/rider_averages_2012.html',
  ],
  { query: '?raw', import: 'default', eager: true },
);

function text(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The data rows of a page's grid (Telerik RadGrid: rgRow / rgAltRow), by its header's names. */
function gridRows(html: string): Record<string, string>[] {
  const header = /<thead>([\s\S]*?)<\/thead>/.exec(html)![1]!;
  const names = [...header.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => text(m[1]!));
  const rows = [...html.matchAll(/<tr[^>]*class="rg(?:Alt)?Row"[^>]*>([\s\S]*?)<\/tr>/g)];
  return rows.map((row) => {
    const cells = [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => text(m[1]!));
    return Object.fromEntries(names.map((name, i) => [name, cells[i]!]));
  });
}

function page(name: string): Record<string, string>[] {
  const html = pages[`${DIR}/${name}`];
  if (html === undefined) throw new Error(`${DIR}/${name} is missing`);
  return gridRows(html);
}

/** Each row with heats: [rider, formatAverage(points ÷ heats), the page's own average]. */
function checked(rows: Record<string, string>[], column: string) {
  return rows
    .filter((row) => Number(row.Heat) > 0)
    .map((row) => [
      row.Förare,
      formatAverage(ratio(Number(row.Poäng), Number(row.Heat))),
      row[column],
    ]);
}

describe("the average (Svemo's Löp. snitt) is points ÷ heats, on the real 2012 pages", () => {
  it('squad page (Elit Vetlanda): every rider with heats', () => {
    const rows = page('squad_vet_2012.html');
    const lines = checked(rows, 'Löp. snitt');
    expect(lines).toHaveLength(9);
    for (const [rider, ours, theirs] of lines) expect([rider, ours]).toEqual([rider, theirs]);
    expect(lines[0]).toEqual(['Leon Madsen', '1,988', '1,988']); // 171 ÷ 86
    // The three who never rode: no heats, and the page's 0,000 is ratio's 0.
    const idle = rows.filter((row) => row.Heat === '0');
    expect(idle).toHaveLength(3);
    for (const row of idle) expect(row['Löp. snitt']).toBe(formatAverage(ratio(0, 0)));
  });

  it('averages page: all 87 riders of the season', () => {
    const lines = checked(page('rider_averages_2012.html'), 'Snitt');
    expect(lines).toHaveLength(87);
    for (const [rider, ours, theirs] of lines) expect([rider, ours]).toEqual([rider, theirs]);
    // Rounded, not cut off: 196 ÷ 85 = 2.30588…
    expect(lines[0]).toEqual(['Niels-Kristian Iversen', '2,306', '2,306']);
  });
});

describe('formatAverage', () => {
  it('shows three decimals with a decimal comma', () => {
    expect(formatAverage(0)).toBe('0,000');
    expect(formatAverage(3)).toBe('3,000');
    expect(formatAverage(2 / 3)).toBe('0,667');
    expect(formatAverage(12 / 11)).toBe('1,091');
  });

  it('rounds a half up, also where the division falls a hair below it', () => {
    expect(formatAverage(25 / 16)).toBe('1,563'); // 1.5625 exactly
    expect(formatAverage(1 / 80)).toBe('0,013'); // 0.0125
    expect((201 / 400) * 1000).toBeLessThan(502.5);
    expect(formatAverage(201 / 400)).toBe('0,503');
    expect(formatAverage(1999 / 2000)).toBe('1,000');
  });
});
