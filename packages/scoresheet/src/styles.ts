// The sheet's CSS: A4 portrait, black on white, the page header and "Sida x av y" in the page
// margins (CSS page margin boxes: Chromium prints them, in its print dialog and in page.pdf).
// Every rule is scoped to .ss, so the web app can put the sheet into its own page to print.

/** `header` and `date` are CSS string literals (cssString), placed in the page margins. */
export function scoresheetCss(page: { header: string; date: string }): string {
  return `
@page {
  size: A4 portrait;
  margin: 16mm 12mm 14mm;
  @top-left { content: ${page.header}; font: 8pt system-ui, sans-serif; color: #444; }
  @top-right { content: ${page.date}; font: 8pt system-ui, sans-serif; color: #444; }
  @bottom-center {
    content: "Sida " counter(page) " av " counter(pages);
    font: 8pt system-ui, sans-serif; color: #444;
  }
}
.ss {
  font: 9pt/1.25 system-ui, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif;
  color: #000; background: #fff; width: 100%;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
.ss * { box-sizing: border-box; }
.ss table { width: 100%; border-collapse: collapse; }
:where(.ss) th, :where(.ss) td { border: 0.6pt solid #000; padding: 0.6mm 1.4mm; text-align: left; vertical-align: middle; }
:where(.ss) thead th { background: #e6e6e6; font-size: 8pt; text-transform: uppercase; letter-spacing: 0.02em; }
.ss-head { display: grid; grid-template-columns: 1fr auto; align-items: end; gap: 1mm 6mm;
  border-bottom: 1.2pt solid #000; padding-bottom: 2mm; margin-bottom: 3mm; }
.ss-kicker { margin: 0; grid-column: 1 / -1; font-size: 8pt; text-transform: uppercase; letter-spacing: 0.08em; }
.ss-head h1 { margin: 0; font-size: 15pt; }
.ss-final { margin: 0; font-size: 20pt; font-weight: 700; font-variant-numeric: tabular-nums;
  border: 1.2pt solid #000; padding: 0 4mm; min-width: 28mm; text-align: center; }
.ss-details { grid-column: 1 / -1; display: grid; grid-template-columns: 1.3fr 1.3fr 1fr 1fr;
  gap: 2mm; margin: 1mm 0 0; }
.ss-details div { border-bottom: 0.6pt solid #000; }
.ss-details dt { font-size: 7pt; text-transform: uppercase; color: #333; }
.ss-details dd { margin: 0; min-height: 1.25em; }
.ss-teams { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; margin-bottom: 3mm; }
.ss-team caption { text-align: left; font-weight: 700; font-size: 10pt; padding-bottom: 1mm; }
.ss-team .ss-no { width: 8mm; text-align: center; }
.ss-team .ss-total { width: 36mm; white-space: nowrap; font-variant-numeric: tabular-nums; }
.ss-team tbody td { height: 5.4mm; }
.ss-team tfoot th { text-align: right; font-size: 8pt; }
.ss-team tfoot td { font-weight: 700; }
.ss-heats { table-layout: fixed; }
.ss-heats thead { display: table-header-group; }
.ss-col-heat { width: 17mm; } .ss-col-gate, .ss-col-side { width: 11mm; } .ss-col-place, .ss-col-points { width: 14mm; }
.ss-col-helmet { width: 17mm; } .ss-col-sum { width: 20mm; }
.ss-heat-group { break-inside: avoid; page-break-inside: avoid; }
.ss-heat-group tr:first-child > * { border-top-width: 1.2pt; }
.ss-heats td { height: 5.2mm; }
.ss-heats thead th { text-align: center; }
.ss-heat { text-align: center; }
.ss-heatno { display: block; font-size: 12pt; font-weight: 700; }
.ss-note { display: block; font-size: 6.5pt; font-weight: 400; text-transform: uppercase; }
.ss-rider .ss-note { display: inline; text-transform: none; }
.ss-gate, .ss-side, .ss-place, .ss-points { text-align: center; font-variant-numeric: tabular-nums; }
.ss-helmet-cell { white-space: nowrap; }
.ss-rider { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ss-rno { display: inline-block; min-width: 4mm; font-weight: 700; }
.ss-points { font-weight: 700; }
.ss-sum { text-align: center; font-weight: 700; font-variant-numeric: tabular-nums; }
.ss-running { background: #f2f2f2; }
.ss-helmet { display: inline-block; width: 3mm; height: 3mm; border-radius: 50%;
  border: 0.6pt solid #000; margin-right: 1.2mm; vertical-align: -0.3mm; }
.ss-helmet-red { background: #d32f2f; }
.ss-helmet-blue { background: #1565c0; }
.ss-helmet-white { background: #fff; }
.ss-helmet-yellow { background: #fbc02d; }
.ss-nomination { margin: 3mm 0 0; break-inside: avoid; }
.ss-line { display: inline-block; min-width: 50mm; border-bottom: 0.6pt solid #000; height: 1em; }
.ss-signatures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6mm; margin-top: 10mm;
  font-size: 8pt; break-inside: avoid; }
.ss-signatures .ss-line { display: block; min-width: 0; height: 8mm; margin-bottom: 1mm; }
`;
}
