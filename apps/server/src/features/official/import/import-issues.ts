import type { z } from 'zod';

/** One problem of an import file: where (naming the match by external_id) and what. */
export type ImportIssue = { path: string; message: string };

/** A file that breaks a rule: nothing of it is written. */
export class ImportRejected extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super(issues.map(issueText).join('\n'));
    this.name = 'ImportRejected';
  }
}

export function issueText(issue: ImportIssue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}

type EntryKind = 'matches' | 'teams';
const ID_FIELD: Record<EntryKind, string> = { matches: 'external_id', teams: 'slug' };

/** Longer ids and keys are cut in messages: the file's own text may be what is wrong. */
const SHOWN_LENGTH = 60;

const UNPRINTABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text from the file, safe to echo: cut short, NUL and lone surrogates shown as U+FFFD. */
function shown(text: string): string {
  const cut = text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
  return cut.replace(UNPRINTABLE, '\uFFFD');
}

/** The id the file gives an entry, even when the entry is otherwise broken. */
function idAt(raw: unknown, kind: EntryKind, index: number): string | undefined {
  const list = (raw as Record<string, unknown> | null)?.[kind];
  const entry = Array.isArray(list) ? (list[index] as Record<string, unknown> | null) : undefined;
  const id = entry?.[ID_FIELD[kind]];
  return typeof id === 'string' ? id : undefined;
}

/** `matches[2] (svemo-123)` for a match, `teams[1] (indianerna)` for a team. */
export function entryLabel(kind: EntryKind, index: number, id?: string): string {
  return id ? `${kind}[${index}] (${shown(id)})` : `${kind}[${index}]`;
}

/** A field path inside an entry: `lineups.home.3`, `result.heats[2].riders[0].no`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) =>
      typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${shown(String(key))}`,
    )
    .join('');
}

export function issueAt(
  entry: string,
  field: readonly PropertyKey[],
  message: string,
): ImportIssue {
  const rest = fieldPath(field);
  return { path: rest ? `${entry}: ${rest}` : entry, message };
}

/** A problem at a path of the raw document, with the team or match it lies in named. */
export function issueInFile(
  raw: unknown,
  path: readonly PropertyKey[],
  message: string,
): ImportIssue {
  const [kind, index, ...field] = path;
  if ((kind === 'matches' || kind === 'teams') && typeof index === 'number') {
    return issueAt(entryLabel(kind, index, idAt(raw, kind, index)), field, message);
  }
  return { path: fieldPath(path), message };
}

/**
 * zod's issues with the match named: `matches[2] (svemo-123): lineups.home.3: …`. `within` is
 * where the parsed value lies in the document, when only a part of it was parsed.
 */
export function fromZodIssues(
  raw: unknown,
  issues: readonly z.core.$ZodIssue[],
  within: readonly PropertyKey[] = [],
): ImportIssue[] {
  return issues.map((issue) => {
    // A bad record key (e.g. rider number 8) carries its own message inside.
    const message =
      issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
    return issueInFile(raw, [...within, ...issue.path], message);
  });
}
