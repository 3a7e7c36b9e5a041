// @speedway/scoresheet: the printable scoresheet (HTML + print CSS) and its CSV, from the
// engine's scoresheet model. Shared by the web app (print) and the server (PDF, CSV).
export { scoresheetDocument, scoresheetHtml } from './html';
export { scoresheetCsv, csvCell } from './csv';
export { escapeHtml } from './escape';
