import {
  findUnsafeInput,
  MAX_INPUT_DEPTH,
  OFFICIAL_DATA_MAX_MATCHES,
  officialDataDuplicates,
  OfficialDataOutlineSchema,
  OfficialMatchImportSchema,
  unsafeInputDetail,
  type OfficialDataFile,
  type OfficialMatchImport,
  type UnsafeInput,
} from '@speedway/contracts';
import { forEachInSlices } from '../../../lib/in-slices';
import { fromZodIssues, ImportRejected, issueInFile, type ImportIssue } from './import-issues';

/** Text PostgreSQL cannot store, or nesting no file has: named by its team or match. */
function unsafeIssue(raw: unknown, problem: UnsafeInput): ImportIssue {
  const message = unsafeInputDetail(problem.reason);
  const entry = /^(matches|teams)\.(\d+)(?:\.(.+))?$/s.exec(problem.path);
  if (!entry) return { path: problem.path, message };
  const [, kind, index, field] = entry;
  return issueInFile(raw, [kind!, Number(index), ...(field ? [field] : [])], message);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The match entries of a document whose outline failed (a bad team, say), to check them too. */
function matchEntries(raw: unknown): readonly unknown[] {
  const list = isRecord(raw) ? raw.matches : undefined;
  return Array.isArray(list) && list.length <= OFFICIAL_DATA_MAX_MATCHES ? list : [];
}

/** The document around its match entries, which are looked at one by one. */
function outside(raw: unknown): unknown {
  return isRecord(raw) && Array.isArray(raw.matches) ? { ...raw, matches: [] } : raw;
}

/** A match entry lies two levels down (document → matches → entry). */
const ENTRY_DEPTH_LEFT = MAX_INPUT_DEPTH - 2;

/**
 * A `speedway-official/1` document checked against the format, or ImportRejected naming every
 * problem. The rules are OfficialDataFileSchema's, applied a slice of matches at a time so that a
 * large file does not hold the event loop; each step is linear in the size of the file.
 *
 * Text that cannot be stored (NUL, lone surrogates) and nesting no file has are refused too. The
 * API's input guard refuses them for every route already; this is for the callers that never
 * pass through HTTP (the import command), with the same check (findUnsafeInput).
 */
export async function parseOfficialFile(raw: unknown): Promise<OfficialDataFile> {
  const unsafe = findUnsafeInput(outside(raw));
  if (unsafe) throw new ImportRejected([unsafeIssue(raw, unsafe)]);

  const outline = OfficialDataOutlineSchema.safeParse(raw);
  const issues = outline.success ? [] : fromZodIssues(raw, outline.error.issues);
  const entries = outline.success ? outline.data.matches : matchEntries(raw);
  const matches: (OfficialMatchImport | undefined)[] = new Array(entries.length);
  await forEachInSlices(entries, (entry, i) => {
    const unsafeEntry = findUnsafeInput(entry, `matches.${i}`, ENTRY_DEPTH_LEFT);
    if (unsafeEntry) {
      issues.push(unsafeIssue(raw, unsafeEntry));
      return;
    }
    const parsed = OfficialMatchImportSchema.safeParse(entry);
    if (parsed.success) matches[i] = parsed.data;
    else issues.push(...fromZodIssues(raw, parsed.error.issues, ['matches', i]));
  });
  const teams = outline.success ? outline.data.teams : [];
  for (const duplicate of officialDataDuplicates({ teams, matches })) {
    issues.push(issueInFile(raw, duplicate.path, duplicate.message));
  }
  if (!outline.success || issues.length > 0) throw new ImportRejected(issues);
  return { ...outline.data, matches: matches as OfficialMatchImport[] };
}
