import {
  LANES,
  SIDES,
  scoresheetTitle,
  type Scoresheet,
  type ScoresheetEntry,
  type ScoresheetHeat,
  type ScoresheetTeam,
  type Helmet,
  type Lane,
  type Side,
} from '@speedway/rules';
import { cssString, escapeHtml as h } from './escape';
import { formatSheetDate } from './format';
import { scoresheetCss } from './styles';

// The scoresheet as HTML (ADR 011): the one renderer behind the browser's print (apps/web) and
// the server's PDF (Chromium prints the same document). Pure: model in, text out.

const SIDE_LABEL: Record<Side, string> = { home: 'Hemma', away: 'Borta' };
/** The team column of the heats: a letter, explained in the team tables' captions. */
const SIDE_LETTER: Record<Side, string> = { home: 'H', away: 'B' };
const HELMET_CLASS: Record<Helmet, string> = {
  röd: 'red',
  blå: 'blue',
  vit: 'white',
  gul: 'yellow',
};

function score(sheet: Scoresheet, blank: boolean): string {
  return blank ? '&nbsp;' : `${sheet.score.home_score}–${sheet.score.away_score}`;
}

function detailsBlock(sheet: Scoresheet): string {
  const { details } = sheet;
  const competition = [
    details.competition,
    details.round === null ? null : `omgång ${details.round}`,
  ]
    .filter((part) => part !== null)
    .join(', ');
  const rows: [string, string][] = [
    ['Tävling', competition],
    ['Datum', formatSheetDate(details.date)],
    ['Arena', details.venue ?? ''],
    ['Domare', details.referee ?? ''],
  ];
  return `<dl class="ss-details">${rows
    .map(([term, value]) => `<div><dt>${term}</dt><dd>${h(value) || '&nbsp;'}</dd></div>`)
    .join('')}</dl>`;
}

function teamTable(team: ScoresheetTeam, side: Side, blank: boolean): string {
  const rows = team.riders
    .map(
      (rider) =>
        `<tr><td class="ss-no">${rider.lineup_no}</td><td class="ss-name">${h(rider.name)}</td>` +
        `<td class="ss-total">${blank ? '' : h(rider.scorecard)}</td></tr>`,
    )
    .join('');
  const total = blank
    ? ''
    : `${team.points}${team.bonus_points > 0 ? ` (bonus ${team.bonus_points})` : ''}`;
  return (
    `<table class="ss-team ss-${side}"><caption>${SIDE_LABEL[side]} (${SIDE_LETTER[side]}): ${h(team.name)}</caption>` +
    `<thead><tr><th class="ss-no">Nr</th><th>Förare</th><th>Poäng</th></tr></thead>` +
    `<tbody>${rows}</tbody>` +
    `<tfoot><tr><th colspan="2">Lagets poäng</th><td class="ss-total">${total}</td></tr></tfoot></table>`
  );
}

function riderCell(entry: ScoresheetEntry): string {
  const replaces =
    entry.replaces === null ? '' : ` <span class="ss-note">(ers. nr ${entry.replaces})</span>`;
  return `<span class="ss-rno">${entry.lineup_no}</span> ${h(entry.name)}${replaces}`;
}

function placing(entry: ScoresheetEntry): string {
  if (entry.status === 'excluded') return 'U';
  return entry.position === null ? '' : String(entry.position);
}

function heatLabel(heat: ScoresheetHeat): string {
  const notes = [
    heat.nominated ? 'Nominerat' : null,
    heat.tactical ? 'TR' : null,
    heat.rr ? 'R/R' : null,
  ].filter((note) => note !== null);
  return `<span class="ss-heatno">${heat.heat_number}</span>${notes
    .map((note) => `<span class="ss-note">${note}</span>`)
    .join('')}`;
}

function heatBody(heat: ScoresheetHeat): string {
  // A heat not yet nominated keeps four empty gates to write in.
  const gates: { gate: Lane; entry: ScoresheetEntry | null }[] =
    heat.entries.length > 0
      ? heat.entries.map((entry) => ({ gate: entry.gate, entry }))
      : LANES.map((gate) => ({ gate, entry: null }));
  const heatScore = heat.heat_score ? `${heat.heat_score.home}–${heat.heat_score.away}` : '';
  const running = heat.running_score ? `${heat.running_score.home}–${heat.running_score.away}` : '';
  const rows = gates.map(({ gate, entry }, i) => {
    const first =
      i === 0
        ? `<th scope="rowgroup" rowspan="${gates.length}" class="ss-heat">${heatLabel(heat)}</th>`
        : '';
    const last =
      i === 0
        ? `<td rowspan="${gates.length}" class="ss-sum">${heatScore}</td>` +
          `<td rowspan="${gates.length}" class="ss-sum ss-running">${running}</td>`
        : '';
    const helmet = entry
      ? `<span class="ss-helmet ss-helmet-${HELMET_CLASS[entry.helmet]}" aria-hidden="true"></span>${h(entry.helmet)}`
      : '';
    return (
      `<tr class="${entry ? `ss-${entry.team}` : 'ss-open'}">${first}` +
      `<td class="ss-gate">${gate}</td><td class="ss-helmet-cell">${helmet}</td>` +
      `<td class="ss-side">${entry ? SIDE_LETTER[entry.team] : ''}</td>` +
      `<td class="ss-rider">${entry ? riderCell(entry) : ''}</td>` +
      `<td class="ss-place">${entry ? placing(entry) : ''}</td>` +
      `<td class="ss-points">${entry?.mark ?? ''}</td>${last}</tr>`
    );
  });
  return `<tbody class="ss-heat-group">${rows.join('')}</tbody>`;
}

function heatsTable(sheet: Scoresheet): string {
  const columns = ['heat', 'gate', 'helmet', 'side', 'rider', 'place', 'points', 'sum', 'sum'];
  return (
    `<table class="ss-heats"><colgroup>${columns.map((c) => `<col class="ss-col-${c}">`).join('')}</colgroup><thead><tr><th>Heat</th><th>Spår</th><th>Hjälm</th><th>Lag</th>` +
    `<th>Förare</th><th>Plac.</th><th>Poäng</th><th>Heat</th><th>Ställning</th></tr></thead>` +
    sheet.heats.map(heatBody).join('') +
    `</table>`
  );
}

function nominationsBlock(sheet: Scoresheet): string {
  return sheet.nominations
    .map((nomination) => {
      const names = (side: Side) => {
        const named = nomination[side];
        return named.length > 0 ? named.map(h).join(', ') : '<span class="ss-line"></span>';
      };
      return (
        `<p class="ss-nomination"><strong>Nominering heat ${nomination.heat_number}:</strong> ` +
        SIDES.map((side) => `${h(sheet.teams[side].name)}: ${names(side)}`).join('; ') +
        `</p>`
      );
    })
    .join('');
}

const SIGNATURES = ['Domare', 'Lagledare hemma', 'Lagledare borta'];

/**
 * The sheet's body (an <article>) and its CSS: A4 portrait, a page header with the match and
 * "Sida x av y" in the page margins. `blank`: the paper sheet before the match (line-ups and
 * programme, no results or totals), as for an official match that has not started.
 */
export function scoresheetHtml(sheet: Scoresheet, options: { blank?: boolean } = {}) {
  const blank = options.blank === true;
  const title = scoresheetTitle(sheet);
  const body =
    `<article class="ss" lang="sv">` +
    `<header class="ss-head"><p class="ss-kicker">Matchprotokoll${blank ? ' – tomt' : ''}</p>` +
    `<h1>${h(title)}</h1><p class="ss-final" aria-label="Slutresultat">${score(sheet, blank)}</p>` +
    `${detailsBlock(sheet)}</header>` +
    `<section class="ss-teams">${SIDES.map((side) => teamTable(sheet.teams[side], side, blank)).join('')}</section>` +
    heatsTable(sheet) +
    nominationsBlock(sheet) +
    `<footer class="ss-signatures">${SIGNATURES.map(
      (role) => `<div><span class="ss-line"></span>${role}</div>`,
    ).join('')}</footer>` +
    `</article>`;
  const css = scoresheetCss({
    header: cssString(`Matchprotokoll · ${title}`),
    date: cssString(formatSheetDate(sheet.details.date)),
  });
  return { body, css, title };
}

/** A whole HTML document of the sheet, as the server's PDF prints it. */
export function scoresheetDocument(sheet: Scoresheet, options: { blank?: boolean } = {}): string {
  const { body, css, title } = scoresheetHtml(sheet, options);
  return (
    `<!doctype html><html lang="sv"><head><meta charset="utf-8">` +
    `<title>${h(`Matchprotokoll ${title}`)}</title><style>${css}</style></head>` +
    `<body>${body}</body></html>`
  );
}
