import { describe, expect, it } from 'vitest';
import { cssString, escapeHtml } from './escape';
import { scoresheetDocument, scoresheetHtml } from './html';
import { playedSheet } from './test-sheet';

function text(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('escaping', () => {
  it('escapes HTML and CSS strings', () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe(
      '&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;',
    );
    expect(cssString('Å "x" </style>\n')).toBe('"Å \\22 x\\22  \\3c \\2f style\\3e \\a "');
  });
});

describe('scoresheetHtml', () => {
  it('shows the match, every heat with its riders and points, totals as the scorecard', () => {
    const { sheet } = playedSheet(15);
    const { body, css } = scoresheetHtml(sheet);
    const shown = text(body);
    expect(body).toContain('Hemma &lt;Lejonen&gt; – Borta &amp; Co');
    expect(body).not.toContain('<Lejonen>');
    expect(body).toContain('Greta &quot;Flaggan&quot; Start');
    expect(shown).toContain(`${sheet.score.home_score}–${sheet.score.away_score}`);
    expect(shown).toContain('12 maj 2026 kl. 19:00');
    expect(shown).toContain('Elitserien, omgång 3');
    expect(body.match(/class="ss-heat-group"/g)).toHaveLength(15);
    for (const rider of [...sheet.teams.home.riders, ...sheet.teams.away.riders]) {
      expect(body).toContain(escapeHtml(rider.scorecard));
    }
    const last = sheet.heats[14]!;
    expect(shown).toContain(`${last.running_score!.home}–${last.running_score!.away}`);
    expect(shown).toContain('Nominering heat 15:');
    expect(shown).toContain('Nominerat');
    expect(css).toContain('size: A4 portrait');
    expect(css).toContain('"Sida " counter(page) " av " counter(pages)');
    expect(css).not.toContain('<Lejonen>');
  });

  it('leaves results and totals empty on a blank sheet, with four gates to fill in heat 15', () => {
    const { sheet } = playedSheet(0);
    const { body } = scoresheetHtml(sheet, { blank: true });
    expect(body).toContain('Matchprotokoll – tomt');
    expect(body).not.toContain('(-)');
    expect(body).not.toMatch(/class="ss-points">\d/);
    const heat15 = body.slice(body.lastIndexOf('<tbody class="ss-heat-group">'));
    expect(heat15.match(/class="ss-open"/g)).toHaveLength(4);
    expect(text(body)).toContain('Bo Lind');
  });

  it('marks an excluded rider, a substitute, tactical and R/R heats', () => {
    const { sheet } = playedSheet(1);
    const heat = sheet.heats[0]!;
    const entry = heat.entries[0]!;
    const changed = {
      ...sheet,
      heats: [
        {
          ...heat,
          tactical: true,
          rr: true,
          entries: [{ ...entry, status: 'excluded' as const, replaces: 6 }],
        },
      ],
    };
    const shown = text(scoresheetHtml(changed).body);
    expect(shown).toContain('TR');
    expect(shown).toContain('R/R');
    expect(shown).toContain('(ers. nr 6)');
    expect(scoresheetHtml(changed).body).toContain('class="ss-place">U<');
  });

  it('is a whole document for the PDF', () => {
    const doc = scoresheetDocument(playedSheet(2).sheet);
    expect(doc.startsWith('<!doctype html><html lang="sv">')).toBe(true);
    expect(doc).toContain('<title>Matchprotokoll Hemma &lt;Lejonen&gt; – Borta &amp; Co</title>');
    expect(doc).toMatch(/<style>[\s\S]*@page[\s\S]*<\/style>/);
  });
});
