import { describe, expect, it } from 'vitest';
import { csvCell, scoresheetCsv } from './csv';
import { playedSheet } from './test-sheet';

describe('csvCell', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    }
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('Bo Lind')).toBe('Bo Lind');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes separators, quotes and line breaks; writes numbers and nothing as they are', () => {
    expect(csvCell('Cilla; Ström')).toBe('"Cilla; Ström"');
    expect(csvCell('Greta "Flaggan"')).toBe('"Greta ""Flaggan"""');
    expect(csvCell('två\nrader')).toBe('"två\nrader"');
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
});

describe('scoresheetCsv', () => {
  const { sheet } = playedSheet(4);
  const text = scoresheetCsv(sheet);
  const lines = text.slice(1).split('\r\n');

  it('is UTF-8 text with a byte order mark, semicolons and CRLF line ends', () => {
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(lines[0]).toBe('Matchprotokoll;Hemma <Lejonen> – Borta & Co');
    expect(lines).toContain('Domare;"Greta ""Flaggan"" Start"');
    expect(lines).toContain(`Resultat;${sheet.score.home_score};${sheet.score.away_score}`);
  });

  it('has a row per rider and heat ridden, with the heat and running score', () => {
    const header = lines.indexOf(lines.find((l) => l.startsWith('Heat;Spår;'))!);
    const heatRows = lines.slice(header + 1, header + 1 + 4 * 15);
    const ridden = heatRows.filter((row) => /^[1-4];/.test(row));
    expect(ridden).toHaveLength(16);
    const first = sheet.heats[0]!;
    const entry = first.entries[0]!;
    expect(ridden[0]).toBe(
      [
        1,
        1,
        entry.helmet,
        sheet.teams[entry.team].name,
        entry.lineup_no,
        entry.name.startsWith('=') ? `"'${entry.name.replace(/"/g, '""')}"` : entry.name,
        '',
        1,
        'Fullföljd',
        3,
        0,
        first.heat_score!.home,
        first.heat_score!.away,
        first.running_score!.home,
        first.running_score!.away,
      ].join(';'),
    );
    // Heats not ridden: their riders with empty results.
    expect(heatRows.some((row) => /^5;1;[^;]+;[^;]+;\d;[^;]+;;;;;;;;;$/.test(row))).toBe(true);
  });

  it('ends with the rider totals and each team total; a formula-like name is neutralised', () => {
    const totals = lines.indexOf('Lag;Sida;Nr;Förare;Poäng;Bonus;Heat körda;Poängrad');
    expect(totals).toBeGreaterThan(0);
    const rows = lines.slice(totals + 1).filter(Boolean);
    expect(rows).toHaveLength(16);
    const h1 = sheet.teams.home.riders[0]!;
    expect(rows[0]).toBe(
      `Hemma <Lejonen>;Hemma;1;"'=HYPERLINK(""x"")";${h1.points};${h1.bonus_points};${h1.rides};${h1.scorecard}`,
    );
    expect(rows[7]).toBe(
      `Hemma <Lejonen>;Hemma;;Lagets poäng;${sheet.teams.home.points};${sheet.teams.home.bonus_points}`,
    );
    expect(text).not.toMatch(/(^|;)[=+\-@]/m);
  });
});
