// The protocol out of the app (ADR 011): what routes put on the protocol page, the saved match
// and the official match. The sheet's renderer loads on the first print only.
export { ProtocolActions, NEEDS_CONNECTION } from './protocol-actions';
export { BlankSheetActions, offersBlankSheet } from './blank-sheet-actions';
export { printSourceOfMatch, printSourceOfSaved } from './lib/print-sources';
