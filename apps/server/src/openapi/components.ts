import {
  AdSchema,
  HeatSchema,
  LineupsSchema,
  MatchSchema,
  OfficialMatchDetailSchema,
  OfficialMatchSummarySchema,
  SavedMatchSchema,
} from '@speedway/contracts';
import { z } from 'zod';

// The replies many operations share are components of the document (#/components/schemas/…),
// referred to instead of written out in each operation. Only reply schemas: a request body's
// schema stays inline, as the suites that walk the bodies' JSON Schema (bad-input, fuzz) read it.
const COMPONENTS: [z.ZodType, string][] = [
  [MatchSchema, 'Match'],
  [HeatSchema, 'Heat'],
  [LineupsSchema, 'Lineups'],
  [SavedMatchSchema, 'SavedMatch'],
  [OfficialMatchSummarySchema, 'OfficialMatchSummary'],
  [OfficialMatchDetailSchema, 'OfficialMatchDetail'],
  [AdSchema, 'Ad'],
];

for (const [schema, id] of COMPONENTS) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}
