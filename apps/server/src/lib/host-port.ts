/**
 * A PUSH_ALLOWED_HOSTS entry (`host:port`, `[IPv6]:port`) as endpoints are compared with it: the
 * host as a URL spells it (lower case, IPv6 in brackets, compressed) and the port; null when the
 * entry is not a host and a port 1–65535.
 */
export function allowedHostEntry(entry: string): string | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[\w.-]+):(\d{1,5})$/.exec(entry.trim());
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  try {
    return `${new URL(`http://${match[1]}`).hostname}:${port}`;
  } catch {
    return null;
  }
}
