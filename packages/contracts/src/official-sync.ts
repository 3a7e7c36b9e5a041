import { z } from 'zod';

// The official-data sync (Svemo TA) as the admin screen /admin/official-data sees it: the source,
// its runs with their counts and refused pages, and the mapping of TA team names onto teams.

/** Where official data comes from: Svemo TA, or nowhere (development, tests). */
export const OfficialSourceSchema = z.enum(['svemo-ta', 'none']);
export type OfficialSource = z.infer<typeof OfficialSourceSchema>;

/** What started a run: the schedule, 'Synka nu', or `npm run sync`. */
export const SyncTriggerSchema = z.enum(['schedule', 'manual', 'command']);
export type SyncTrigger = z.infer<typeof SyncTriggerSchema>;

/** running → done (the source was read; some matches may be refused) or failed (it could not be). */
export const SyncRunStatusSchema = z.enum(['running', 'done', 'failed']);
export type SyncRunStatus = z.infer<typeof SyncRunStatusSchema>;

/** What became of one listed match in a run. */
export const SyncOutcomeSchema = z.enum(['imported', 'updated', 'unchanged', 'refused']);
export type SyncOutcome = z.infer<typeof SyncOutcomeSchema>;

export const SyncCountsSchema = z.object({
  seen: z.number().int().min(0),
  imported: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  refused: z.number().int().min(0),
});
export type SyncCounts = z.infer<typeof SyncCountsSchema>;

/** A page that was not imported, and why (Swedish, naming heat and team where it can). */
export const SyncRefusalSchema = z.object({
  external_id: z.string().nullable(),
  title: z.string(),
  /** The TA page (or the file in a folder) that was refused. */
  url: z.string().nullable(),
  reason: z.string(),
});
export type SyncRefusal = z.infer<typeof SyncRefusalSchema>;

export const SyncRunSchema = z.object({
  id: z.uuid(),
  trigger: SyncTriggerSchema,
  /** The TA base URL, or the folder a command read. */
  origin: z.string(),
  seasons: z.array(z.number().int()),
  status: SyncRunStatusSchema,
  started_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  /** Why a failed run failed (the source could not be read at all). */
  error: z.string().nullable(),
  counts: SyncCountsSchema,
  refusals: z.array(SyncRefusalSchema),
});
export type SyncRun = z.infer<typeof SyncRunSchema>;

export const SyncRunListSchema = z.object({ runs: z.array(SyncRunSchema) });
export type SyncRunList = z.infer<typeof SyncRunListSchema>;

/** The source's configuration and schedule, for the admin screen's header. */
export const SyncStatusSchema = z.object({
  source: OfficialSourceSchema,
  /** TA's base URL when the source is svemo-ta. */
  url: z.string().nullable(),
  seasons: z.array(z.number().int()),
  series: z.string(),
  /** The run going on now, if any. */
  running: SyncRunSchema.nullable(),
  last_run: SyncRunSchema.nullable(),
  /** When the schedule runs next (null when no source is configured). */
  next_run_at: z.iso.datetime({ offset: true }).nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

export const SyncStartedSchema = z.object({ id: z.uuid(), message: z.string() });
export type SyncStarted = z.infer<typeof SyncStartedSchema>;

/** A team name as TA writes it, and the app's team its matches go to. */
export const TeamNameMappingSchema = z.object({
  source_name: z.string(),
  /** The abbreviation TA's titles use ("Pir"), when seen. */
  abbreviation: z.string().nullable(),
  team: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
});
export type TeamNameMapping = z.infer<typeof TeamNameMappingSchema>;

export const TeamNameMappingListSchema = z.object({ mappings: z.array(TeamNameMappingSchema) });
export type TeamNameMappingList = z.infer<typeof TeamNameMappingListSchema>;

/** Maps a TA team name onto an existing team; later runs import its matches to that team. */
export const TeamNameMappingInputSchema = z.strictObject({
  source_name: z
    .string()
    .trim()
    .min(1, { message: 'Ange lagnamnet som det står i Svemo TA.' })
    .max(80, { message: 'Lagnamnet får vara högst 80 tecken.' }),
  team_slug: z
    .string()
    .min(1, { message: 'Välj ett lag.' })
    .max(60, { message: 'Välj ett lag.' })
    .regex(/^[a-z0-9-]+$/, { message: 'Välj ett lag.' }),
});
export type TeamNameMappingInput = z.infer<typeof TeamNameMappingInputSchema>;
