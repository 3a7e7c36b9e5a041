// The web budgets of DESIGN.md, the browser every web bench drives, and the table
// that sets each measured figure beside its budget.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and off the network: this machine's closed network refuses Chromium's own calls. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Per page: [figure, budget, 'min' | 'max', unit]. */
/** A signed-in page's budgets, as '/ (signed in)' has them. */
const SIGNED_IN_PAGE = [
  ['score', 90, 'min', ''],
  ['fcp', null, 'max', 'ms'],
  ['lcp', 2000, 'max', 'ms'],
  ['tbt', null, 'max', 'ms'],
  ['cls', 0.02, 'max', ''],
];

const BUDGETS = {
  '/auth': [
    ['score', 95, 'min', ''],
    ['fcp', null, 'max', 'ms'],
    ['lcp', 1200, 'max', 'ms'],
    ['tbt', 150, 'max', 'ms'],
    ['cls', 0.02, 'max', ''],
  ],
  '/ (signed in)': [
    ['score', 90, 'min', ''],
    ['fcp', null, 'max', 'ms'],
    ['lcp', 2000, 'max', 'ms'],
    ['tbt', null, 'max', 'ms'],
    ['cls', 0.02, 'max', ''],
  ],
  // Issue 28: the ranking, a rider's page and a team's, signed-in pages as the others.
  '/statistik': SIGNED_IN_PAGE,
  '/forare/{id}': SIGNED_IN_PAGE,
  '/lag/{id}': SIGNED_IN_PAGE,
  '/match/{id} cold': [
    ['score', 90, 'min', ''],
    ['fcp', null, 'max', 'ms'],
    ['lcp', 2000, 'max', 'ms'],
    ['tbt', null, 'max', 'ms'],
    ['cls', 0.02, 'max', ''],
  ],
  '/match/{id} warm': [
    ['score', null, 'min', ''],
    ['fcp', null, 'max', 'ms'],
    ['lcp', 1000, 'max', 'ms'],
    ['tbt', null, 'max', 'ms'],
    ['cls', 0.02, 'max', ''],
  ],
};
/** DESIGN.md: a placement click ≤ 100 ms; opening the dialog: the INP of a good page, 200 ms. */
const INP_BUDGETS_MS = { placement: 100, open: 200 };

const LABELS = { score: 'performance', fcp: 'FCP', lcp: 'LCP', tbt: 'TBT', cls: 'CLS' };

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function show(value, unit) {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'ms') return `${Math.round(value)} ms`;
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}

function verdict(value, budget, direction, unit) {
  if (budget === null) return '';
  const ok = direction === 'min' ? value >= budget : value <= budget;
  const sign = direction === 'min' ? '≥' : '≤';
  return `${ok ? 'ok  ' : 'OVER'} (budget ${sign} ${show(budget, unit)})`;
}

/** `results`: page name → median figures; `inp`: { open, placement, visit } medians in ms, or null. */
export function formatBudgetTable(results, inp) {
  const lines = [];
  for (const [page, figures] of Object.entries(results)) {
    for (const [key, budget, direction, unit] of BUDGETS[page] ?? []) {
      const value = figures[key];
      lines.push(
        `${page.padEnd(18)} ${LABELS[key].padEnd(12)} ${show(value, unit).padStart(8)}  ${verdict(value, budget, direction, unit)}`,
      );
    }
  }
  if (inp) {
    lines.push(
      `${'heat dialog'.padEnd(18)} ${'INP (open)'.padEnd(12)} ${show(inp.open, 'ms').padStart(8)}  ${verdict(inp.open, INP_BUDGETS_MS.open, 'max', 'ms')}`,
      `${'heat dialog'.padEnd(18)} ${'INP (click)'.padEnd(12)} ${show(inp.placement, 'ms').padStart(8)}  ${verdict(inp.placement, INP_BUDGETS_MS.placement, 'max', 'ms')}`,
      `${'heat dialog'.padEnd(18)} ${'INP (visit)'.padEnd(12)} ${show(inp.visit, 'ms').padStart(8)}  (web-vitals onINP over the visit: opening the dialog and the click)`,
    );
  }
  return lines.join('\n');
}
