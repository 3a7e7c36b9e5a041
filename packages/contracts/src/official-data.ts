import { POINTS_BY_POSITION, RESULT_CODES, RULEBOOK_IDS, type RulebookId } from '@speedway/rules';
import { z } from 'zod';
import { HelmetSchema, PositionSchema } from './matches';

// The `speedway-official/1` import format (shared/rules/official-data.md). Structure is checked
// here; what needs the database or the rules engine (known teams, riders in line-ups, legal heats)
// is checked by the import itself. Re-importing a match (same external_id) updates it: an optional
// field left out keeps the stored value, null clears it. A team's optional fields differ: missing
// or null both keep what is stored (sources often lack them; they never mean "remove").
//
// Every number and every text is bounded by what the sport allows, so that nothing out of range
// reaches PostgreSQL (an integer column ends at 2^31, a timestamptz has no year 0) or the check.

export const OFFICIAL_DATA_FORMAT = 'speedway-official/1';

/** A season of every Swedish league is a few hundred matches; this leaves room for any history. */
export const OFFICIAL_DATA_MAX_MATCHES = 50_000;
export const OFFICIAL_DATA_MAX_TEAMS = 1_000;
const HEATS_PER_MATCH = 15;
/** A 5–1 heat: the winner and the runner-up of one team. */
const MAX_HEAT_POINTS = POINTS_BY_POSITION[1] + POINTS_BY_POSITION[2];
/** Every heat a 5–1; an official total (walkover, deductions) never exceeds it. */
const MAX_MATCH_POINTS = HEATS_PER_MATCH * MAX_HEAT_POINTS;
/** Starts outside these years are typing errors, whatever PostgreSQL or JS could store. */
export const OFFICIAL_DATA_YEARS = { first: 1900, last: 2200 } as const;
/** A season label may name the year before or after the calendar year (a season over new year). */
const SEASON_YEAR_SLACK = 1;

/** An integer min–max, with one message whatever is wrong with it (type aside). */
const BoundedInt = (min: number, max: number, message = `ska vara ${min}–${max}`) =>
  z.number().int({ message, abort: true }).min(min, { message }).max(max, { message });
const Points = (max: number) => BoundedInt(0, max);
const Year = BoundedInt(OFFICIAL_DATA_YEARS.first, OFFICIAL_DATA_YEARS.last);
/** The calendar year as written (the ISO form always starts with four digits). */
const yearOf = (iso: string) => Number(iso.slice(0, 4));
const Start = z.iso
  .datetime({ offset: true, message: 'ska vara datum och tid enligt ISO 8601 med tidszon' })
  .refine(
    (iso) => {
      const year = yearOf(iso);
      return year >= OFFICIAL_DATA_YEARS.first && year <= OFFICIAL_DATA_YEARS.last;
    },
    {
      message: `året ska vara ${OFFICIAL_DATA_YEARS.first}–${OFFICIAL_DATA_YEARS.last}`,
      abort: true,
    },
  );

const Slug = z
  .string()
  .max(60, { message: 'får vara högst 60 tecken' })
  .regex(/^[a-z0-9-]+$/, { message: 'ska vara en slug (a–z, 0–9, -)' });
const RiderNo = BoundedInt(1, 7);
const Rulebook = z.enum(RULEBOOK_IDS as [RulebookId, ...RulebookId[]], {
  message: `okänd tävlingsform; välj ${RULEBOOK_IDS.join(' eller ')}`,
});
const tooLong = (max: number) => ({ message: `får vara högst ${max} tecken` });
const OptionalText = (max: number) =>
  z.string().trim().max(max, tooLong(max)).nullable().optional();
/** Missing, null or blank: unknown, so the stored value (if any) stays. */
const TeamText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullable()
    .optional()
    .transform((text) => (text === '' ? null : text));

export const OfficialTeamSchema = z.object({
  slug: Slug,
  name: z.string().trim().min(1).max(80, tooLong(80)),
  city: TeamText(80),
  /** Without one, the spec's fallback applies (the first letters of the name). */
  short: TeamText(5),
  /** Without one, a match's venue is the match's own `venue`. */
  arena: TeamText(120),
});
export type OfficialTeam = z.infer<typeof OfficialTeamSchema>;

/** Rider number ('1'–'7') → name. */
export const OfficialLineupSchema = z
  .record(
    z.string().regex(/^[1-7]$/, { message: 'förarnummer ska vara 1–7' }),
    z.string().trim().min(1).max(80, tooLong(80)),
  )
  .superRefine((lineup, ctx) => {
    const seen = new Set<string>();
    for (const [no, name] of Object.entries(lineup)) {
      const key = name.toLocaleLowerCase('sv');
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [no], message: `${name} står två gånger` });
      }
      seen.add(key);
    }
  });
export type OfficialLineup = z.infer<typeof OfficialLineupSchema>;

export const OfficialHeatRiderSchema = z.object({
  gate: BoundedInt(1, 4),
  team: z.enum(['H', 'A']),
  no: RiderNo,
  helmet: HelmetSchema.optional(),
  position: PositionSchema,
  status: z.enum(['completed', 'excluded']),
  code: z.enum(RESULT_CODES).optional(),
  replaces: RiderNo.optional(),
});

export const OfficialHeatSchema = z
  .object({
    heat: BoundedInt(1, HEATS_PER_MATCH),
    riders: z.array(OfficialHeatRiderSchema).min(1).max(4),
    heat_score: z.tuple([Points(MAX_HEAT_POINTS), Points(MAX_HEAT_POINTS)]).optional(),
  })
  .superRefine((heat, ctx) => {
    heat.riders.forEach((rider, i) => {
      if (heat.riders.findIndex((r) => r.gate === rider.gate) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['riders', i, 'gate'],
          message: 'startspåret är upptaget',
        });
      }
    });
  });
export type OfficialHeat = z.infer<typeof OfficialHeatSchema>;

export const OfficialResultSchema = z
  .object({
    home_score: Points(MAX_MATCH_POINTS),
    away_score: Points(MAX_MATCH_POINTS),
    heats: z.array(OfficialHeatSchema).max(HEATS_PER_MATCH).optional(),
  })
  .superRefine((result, ctx) => {
    result.heats?.forEach((heat, i) => {
      if (result.heats!.findIndex((h) => h.heat === heat.heat) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['heats', i, 'heat'],
          message: `heat ${heat.heat} finns två gånger`,
        });
      }
    });
  });
export type OfficialResult = z.infer<typeof OfficialResultSchema>;

export const OfficialMatchImportSchema = z
  .object({
    external_id: z.string().trim().min(1).max(120, tooLong(120)),
    competition: z.string().trim().max(80, tooLong(80)).optional(),
    season: Year.optional(),
    round: BoundedInt(0, 200).optional(),
    /** Default elitserien-klassisk for a new match. */
    rulebook: Rulebook.optional(),
    start: Start.nullable().optional(),
    home: Slug,
    away: Slug,
    venue: OptionalText(120),
    referee: OptionalText(80),
    tv: OptionalText(80),
    /** Spectators, when the source gives it. */
    attendance: BoundedInt(0, 500_000).nullable().optional(),
    /** A side left out keeps the line-up already stored (line-ups are optional until known). */
    lineups: z
      .object({ home: OfficialLineupSchema.optional(), away: OfficialLineupSchema.optional() })
      .optional(),
    /** Left out: keeps a stored result; null: removes it. */
    result: OfficialResultSchema.nullable().optional(),
  })
  .superRefine((match, ctx) => {
    if (match.home === match.away) {
      ctx.addIssue({ code: 'custom', path: ['away'], message: 'ett lag kan inte möta sig självt' });
    }
    if (match.start && match.season !== undefined) {
      const year = yearOf(match.start);
      if (Math.abs(year - match.season) > SEASON_YEAR_SLACK) {
        ctx.addIssue({
          code: 'custom',
          path: ['start'],
          message: `året ${year} hör inte till säsongen ${match.season}`,
        });
      }
    }
  });
export type OfficialMatchImport = z.infer<typeof OfficialMatchImportSchema>;

/** 50000 → '50 000' (Swedish grouping, without depending on the runtime's locale data). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ' ');

const fileFields = {
  format: z.literal(OFFICIAL_DATA_FORMAT, { message: `format ska vara ${OFFICIAL_DATA_FORMAT}` }),
  about: z.string().max(1000, tooLong(1000)).optional(),
  teams: z
    .array(OfficialTeamSchema)
    .max(OFFICIAL_DATA_MAX_TEAMS, { message: `högst ${OFFICIAL_DATA_MAX_TEAMS} lag per fil` })
    .default([]),
};
const matchList = <T extends z.ZodType>(match: T) =>
  z
    .array(match)
    .max(OFFICIAL_DATA_MAX_MATCHES, {
      message: `högst ${thousands(OFFICIAL_DATA_MAX_MATCHES)} matcher per fil`,
    })
    .default([]);

/** A problem that involves two entries of a file: the later one is named. */
export type OfficialDataDuplicate = {
  path: [kind: 'teams' | 'matches', index: number, field: string];
  message: string;
};

/**
 * Teams given twice (by slug) and matches given twice (by external_id), in one pass each: a
 * file may hold tens of thousands of matches. `matches` may have holes (entries that failed).
 */
export function officialDataDuplicates(file: {
  teams: readonly ({ slug: string } | undefined)[];
  matches: readonly ({ external_id: string } | undefined)[];
}): OfficialDataDuplicate[] {
  const found: OfficialDataDuplicate[] = [];
  const seenSlugs = new Set<string>();
  file.teams.forEach((team, i) => {
    if (!team) return;
    if (seenSlugs.has(team.slug)) {
      found.push({ path: ['teams', i, 'slug'], message: 'laget finns två gånger' });
    }
    seenSlugs.add(team.slug);
  });
  const seenIds = new Set<string>();
  file.matches.forEach((match, i) => {
    if (!match) return;
    if (seenIds.has(match.external_id)) {
      found.push({
        path: ['matches', i, 'external_id'],
        message: 'matchen finns två gånger i filen',
      });
    }
    seenIds.add(match.external_id);
  });
  return found;
}

/**
 * The document with its matches not yet looked into: an import checks a large file's matches a
 * slice at a time with OfficialMatchImportSchema, then officialDataDuplicates, so that the check
 * never holds the event loop for long. Together they are exactly OfficialDataFileSchema.
 */
export const OfficialDataOutlineSchema = z.object({
  ...fileFields,
  matches: matchList(z.unknown()),
});

export const OfficialDataFileSchema = z
  .object({ ...fileFields, matches: matchList(OfficialMatchImportSchema) })
  .superRefine((file, ctx) => {
    for (const duplicate of officialDataDuplicates(file)) {
      ctx.addIssue({ code: 'custom', ...duplicate });
    }
  });
export type OfficialDataFile = z.infer<typeof OfficialDataFileSchema>;
/** A document as written (before defaults). */
export type OfficialDataDocument = z.input<typeof OfficialDataFileSchema>;

/** What an import did. */
export const OfficialImportSummarySchema = z.object({
  message: z.string(),
  teams: z.object({ created: z.number().int(), updated: z.number().int() }),
  riders_created: z.number().int(),
  matches: z.object({ created: z.number().int(), updated: z.number().int() }),
  results: z.number().int(),
});
export type OfficialImportSummary = z.infer<typeof OfficialImportSummarySchema>;
