/**
 * Whether this context has IndexedDB at all (jsdom, some privacy modes and old browsers lack it).
 * Apart from db.ts so that the app's entry can ask without loading the database code, which it
 * imports only when there is a signed-in user to read or write for (the entry's budget,
 * bench/web-budget.mjs).
 */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}
