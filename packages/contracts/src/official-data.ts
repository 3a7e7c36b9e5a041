import { RULEBOOK_IDS, type RulebookId } from '@speedway/rules';
import { z } from 'zod';
import { HelmetSchema, PositionSchema } from './matches';

// The `speedway-official/1` import format (shared/rules/official-data.md). Structure is checked
// here; what needs the database or the rules engine (known teams, riders in line-ups, legal heats)
// is checked by the import itself. Re-importing a match (same external_id) updates it: an optional
// field left out keeps the stored value, null clears it.

export const OFFICIAL_DATA_FORMAT = 'speedway-official/1';

const Slug = z
  .string()
  .regex(/^[a-z0-9-]+$/, { message: 'ska vara en slug (a–z, 0–9, -)' })
  .max(60);
const RiderNo = z
  .number()
  .int()
  .min(1, { message: 'ska vara 1–7' })
  .max(7, { message: 'ska vara 1–7' });
const Rulebook = z.enum(RULEBOOK_IDS as [RulebookId, ...RulebookId[]], {
  message: `okänd tävlingsform; välj ${RULEBOOK_IDS.join(' eller ')}`,
});
const OptionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const OfficialTeamSchema = z.object({
  slug: Slug,
  name: z.string().trim().min(1).max(80),
  city: z.string().trim().max(80).optional(),
  short: z.string().trim().min(1).max(5).optional(),
  arena: z.string().trim().max(120).optional(),
});
export type OfficialTeam = z.infer<typeof OfficialTeamSchema>;

/** Rider number ('1'–'7') → name. */
export const OfficialLineupSchema = z
  .record(
    z.string().regex(/^[1-7]$/, { message: 'förarnummer ska vara 1–7' }),
    z.string().trim().min(1).max(80),
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
  gate: z.number().int().min(1).max(4),
  team: z.enum(['H', 'A']),
  no: RiderNo,
  helmet: HelmetSchema.optional(),
  position: PositionSchema,
  status: z.enum(['completed', 'excluded']),
  code: z.enum(['OK', 'N', 'FN', 'F', 'FX', 'X', 'TT', 'R', 'RR', 'M']).optional(),
  replaces: RiderNo.optional(),
});

export const OfficialHeatSchema = z
  .object({
    heat: z.number().int().min(1).max(15),
    riders: z.array(OfficialHeatRiderSchema).min(1).max(4),
    heat_score: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
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
    home_score: z.number().int().min(0),
    away_score: z.number().int().min(0),
    heats: z.array(OfficialHeatSchema).max(15).optional(),
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
    external_id: z.string().trim().min(1).max(120),
    competition: z.string().trim().max(80).optional(),
    season: z.number().int().min(1900).max(2200).optional(),
    round: z.number().int().min(0).max(200).optional(),
    /** Default elitserien-klassisk for a new match. */
    rulebook: Rulebook.optional(),
    start: z.iso.datetime({ offset: true }).nullable().optional(),
    home: Slug,
    away: Slug,
    venue: OptionalText(120),
    referee: OptionalText(80),
    tv: OptionalText(80),
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
  });
export type OfficialMatchImport = z.infer<typeof OfficialMatchImportSchema>;

export const OfficialDataFileSchema = z
  .object({
    format: z.literal(OFFICIAL_DATA_FORMAT, { message: `format ska vara ${OFFICIAL_DATA_FORMAT}` }),
    about: z.string().optional(),
    teams: z.array(OfficialTeamSchema).default([]),
    matches: z.array(OfficialMatchImportSchema).default([]),
  })
  .superRefine((file, ctx) => {
    file.teams.forEach((team, i) => {
      if (file.teams.findIndex((t) => t.slug === team.slug) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['teams', i, 'slug'],
          message: 'laget finns två gånger',
        });
      }
    });
    file.matches.forEach((match, i) => {
      if (file.matches.findIndex((m) => m.external_id === match.external_id) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['matches', i, 'external_id'],
          message: 'matchen finns två gånger i filen',
        });
      }
    });
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
