import { scoresheet, type ScoresheetDetails, type ScoresheetSource } from '@speedway/rules';
import { scoresheetHtml } from '@speedway/scoresheet';

// Loaded on the first 'Skriv ut' only (it brings the sheet's model and renderer): the page's
// first load does not carry it. Printing needs nothing from the network, so it works offline.

export const PRINT_ROOT_ID = 'scoresheet-print';

/** Only the sheet is printed, and the sheet is never seen on screen. */
const PAGE_CSS = `
@media screen { #${PRINT_ROOT_ID} { display: none !important; } }
@media print {
  html, body { background: #fff !important; color: #000 !important; margin: 0 !important; padding: 0 !important; }
  body > :not(#${PRINT_ROOT_ID}) { display: none !important; }
}`;

export type PrintSource = { sheet: ScoresheetSource; details: ScoresheetDetails };

/** Puts the sheet into a print-only container (replacing an earlier one) and opens print. */
export function printScoresheet(source: PrintSource, options: { blank?: boolean } = {}): void {
  const { body, css } = scoresheetHtml(scoresheet(source.sheet, source.details), options);
  document.getElementById(PRINT_ROOT_ID)?.remove();
  const root = document.createElement('div');
  root.id = PRINT_ROOT_ID;
  // Every text in `body` is escaped by the renderer (packages/scoresheet/src/escape.ts).
  root.innerHTML = `<style>${css}${PAGE_CSS}</style>${body}`;
  document.body.append(root);
  window.addEventListener('afterprint', () => root.remove(), { once: true });
  window.print();
}
