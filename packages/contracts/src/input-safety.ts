// Input that no schema should have to think about: text PostgreSQL cannot store (NUL), text that
// is not valid Unicode (a lone UTF-16 surrogate: JSON allows "\ud800", UTF-8 cannot encode it,
// so it is either refused by jsonb or silently turned into U+FFFD), nesting deep enough to
// overflow a recursive walker, and keys that reach an object's prototype. The API refuses such
// input in one place (the server's input guard); other callers (the CLI import) use the same
// check through `findUnsafeInput`.

export type UnsafeInputReason = 'invalid_text' | 'too_deep' | 'forbidden_key';

export type UnsafeInput = {
  /** Where it is, dotted from the given root: `body.lineups.home.0.name`. */
  path: string;
  reason: UnsafeInputReason;
};

/** Nesting beyond this is refused; the deepest real request (an official import) nests 8 levels. */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
const nativeIsWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;

/** Text without NUL and without lone surrogates. */
export function isSafeText(text: string): boolean {
  if (text.includes('\0')) return false;
  return nativeIsWellFormed ? nativeIsWellFormed.call(text) : !LONE_SURROGATE.test(text);
}

/** Keys that would set or reach an object's prototype when a parsed document is copied. */
function isForbiddenKey(key: string, value: unknown): boolean {
  if (key === '__proto__') return true;
  return (
    key === 'constructor' &&
    typeof value === 'object' &&
    value !== null &&
    Object.prototype.hasOwnProperty.call(value, 'prototype')
  );
}

const MAX_SEGMENT = 40;
const MAX_PATH = 200;

/** A path segment safe to echo in a message and a log line (the key itself may be the problem). */
function segment(key: string): string {
  return (key.length > MAX_SEGMENT ? `${key.slice(0, MAX_SEGMENT)}…` : key)
    .replace(/\0/g, '\uFFFD')
    .replace(LONE_SURROGATES, '\uFFFD');
}

type Node = { value: unknown; key: string; parent: Node | null; depth: number };

/** Built only for the answer: a node knows its key and parent, not its whole path. */
function pathOf(node: Node): string {
  const parts: string[] = [];
  for (let n: Node | null = node; n; n = n.parent) if (n.key !== '') parts.push(segment(n.key));
  const path = parts.reverse().join('.');
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

/**
 * The first unsafe place in a parsed JSON value (or a query/params object), or null. Walks
 * iteratively, so that a deep document cannot overflow the stack of the check itself.
 */
export function findUnsafeInput(
  value: unknown,
  root = '',
  maxDepth: number = MAX_INPUT_DEPTH,
): UnsafeInput | null {
  const stack: Node[] = [{ value, key: root, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (!isSafeText(v)) return { path: pathOf(node), reason: 'invalid_text' };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (node.depth >= maxDepth) return { path: pathOf(node), reason: 'too_deep' };
    const depth = node.depth + 1;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i], key: String(i), parent: node, depth });
      }
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child: Node = {
        value: (v as Record<string, unknown>)[key],
        key,
        parent: node,
        depth,
      };
      if (!isSafeText(key)) return { path: pathOf(child), reason: 'invalid_text' };
      if (isForbiddenKey(key, child.value)) return { path: pathOf(child), reason: 'forbidden_key' };
      stack.push(child);
    }
  }
  return null;
}

/** The Swedish message for the user, naming the place. */
export function unsafeInputMessage(problem: UnsafeInput): string {
  const where = problem.path ? ` (${problem.path})` : '';
  switch (problem.reason) {
    case 'invalid_text':
      return `Ogiltiga tecken i förfrågan${where}.`;
    case 'too_deep':
      return `Förfrågan är för djupt nästlad${where}.`;
    case 'forbidden_key':
      return `Otillåtet fältnamn i förfrågan${where}.`;
  }
}

/** The detail line for the field (error shape `details`). */
export function unsafeInputDetail(reason: UnsafeInputReason): string {
  switch (reason) {
    case 'invalid_text':
      return 'Texten innehåller otillåtna tecken (NUL eller ett ensamt surrogattecken).';
    case 'too_deep':
      return `Högst ${MAX_INPUT_DEPTH} nivåer av nästling är tillåtna.`;
    case 'forbidden_key':
      return 'Fältnamnet är inte tillåtet.';
  }
}
