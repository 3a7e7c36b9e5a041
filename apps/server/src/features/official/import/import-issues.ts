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

/** The id the file gives an entry, even when the entry is otherwise broken. */
function idAt(raw: unknown, kind: EntryKind, index: number): string | undefined {
  const list = (raw as Record<string, unknown> | null)?.[kind];
  const entry = Array.isArray(list) ? (list[index] as Record<string, unknown> | null) : undefined;
  const id = entry?.[ID_FIELD[kind]];
  return typeof id === 'string' ? id : undefined;
}

/** `matches[2] (svemo-123)` for a match, `teams[1] (indianerna)` for a team. */
export function entryLabel(kind: EntryKind, index: number, id?: string): string {
  return id ? `${kind}[${index}] (${id})` : `${kind}[${index}]`;
}

/** A field path inside an entry: `lineups.home.3`, `result.heats[2].riders[0].no`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
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

/** zod's issues with the match named: `matches[2] (svemo-123): lineups.home.3: …`. */
export function fromZodIssues(raw: unknown, issues: readonly z.core.$ZodIssue[]): ImportIssue[] {
  return issues.map((issue) => {
    // A bad record key (e.g. rider number 8) carries its own message inside.
    const message =
      issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
    const [kind, index, ...field] = issue.path;
    if ((kind === 'matches' || kind === 'teams') && typeof index === 'number') {
      return issueAt(entryLabel(kind, index, idAt(raw, kind, index)), field, message);
    }
    return { path: fieldPath(issue.path), message };
  });
}
