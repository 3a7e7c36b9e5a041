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

/** An object or array on the way: its key and parent make the path, built only for an answer. */
type Container = { value: object; key: string; parent: Container | null; depth: number };

function pathOf(container: Container | null, childKey?: string): string {
  const parts: string[] = childKey === undefined ? [] : [segment(childKey)];
  for (let n = container; n; n = n.parent) if (n.key !== '') parts.push(segment(n.key));
  const path = parts.reverse().join('.');
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

function reverseFrom<T>(list: T[], start: number): void {
  for (let i = start, j = list.length - 1; i < j; i++, j--)
    [list[i], list[j]] = [list[j]!, list[i]!];
}

export type UnsafeInputScan = {
  /**
   * Looks at up to `budget` more values: the first unsafe place, null when the whole value is
   * clean, or undefined when there is more to look at (call again).
   */
  step(budget: number): UnsafeInput | null | undefined;
};

/**
 * A check that can be done in parts, so that a caller with a large document (the 10 MB import)
 * can let other work run in between. Iterative, so that deep nesting cannot overflow the stack of
 * the check itself; only objects and arrays are kept on its own stack.
 */
export function scanUnsafeInput(
  value: unknown,
  root = '',
  maxDepth: number = MAX_INPUT_DEPTH,
): UnsafeInputScan {
  const stack: Container[] = [];
  let done = false;
  const start = (): UnsafeInput | null => {
    if (typeof value === 'string') {
      return isSafeText(value) ? null : { path: root, reason: 'invalid_text' };
    }
    if (typeof value === 'object' && value !== null) {
      if (maxDepth <= 0) return { path: root, reason: 'too_deep' };
      stack.push({ value, key: root, parent: null, depth: 0 });
    }
    return null;
  };
  const first = start();
  if (first) done = true;

  /** A child of `parent`: a problem, or null after queueing it when it is a container. */
  const visit = (parent: Container, key: string, child: unknown): UnsafeInput | null => {
    if (typeof child === 'string') {
      return isSafeText(child) ? null : { path: pathOf(parent, key), reason: 'invalid_text' };
    }
    if (typeof child !== 'object' || child === null) return null;
    const depth = parent.depth + 1;
    if (depth >= maxDepth) return { path: pathOf(parent, key), reason: 'too_deep' };
    stack.push({ value: child, key, parent, depth });
    return null;
  };

  return {
    step(budget) {
      if (done) return first;
      let left = budget;
      while (stack.length > 0) {
        if (left <= 0) return undefined;
        const container = stack.pop()!;
        const v = container.value;
        // Children go on the stack in reverse, so that they come off it in document order.
        const mark = stack.length;
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) {
            const problem = visit(container, String(i), v[i]);
            if (problem) return problem;
          }
          reverseFrom(stack, mark);
          left -= v.length + 1;
          continue;
        }
        const record = v as Record<string, unknown>;
        const keys = Object.keys(record);
        for (const key of keys) {
          const child = record[key];
          if (!isSafeText(key)) return { path: pathOf(container, key), reason: 'invalid_text' };
          if (isForbiddenKey(key, child)) {
            return { path: pathOf(container, key), reason: 'forbidden_key' };
          }
          const problem = visit(container, key, child);
          if (problem) return problem;
        }
        reverseFrom(stack, mark);
        left -= keys.length + 1;
      }
      done = true;
      return null;
    },
  };
}

/** The first unsafe place in a parsed JSON value (or a query/params object), or null. */
export function findUnsafeInput(
  value: unknown,
  root = '',
  maxDepth: number = MAX_INPUT_DEPTH,
): UnsafeInput | null {
  return scanUnsafeInput(value, root, maxDepth).step(Infinity) ?? null;
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
