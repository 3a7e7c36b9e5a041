/** ?season= of a statistics page: a year, or undefined for the server's newest season. */
export function seasonParam(search: URLSearchParams): number | undefined {
  const text = search.get('season');
  return text && /^\d{4}$/.test(text) ? Number(text) : undefined;
}
