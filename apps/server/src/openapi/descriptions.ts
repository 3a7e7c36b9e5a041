import {
  GateSetSchema,
  LaneKeySchema,
  MatchHeatParamsSchema,
  PositionSchema,
} from '@speedway/contracts';
import { z } from 'zod';

// What the document says about payload forms the spec leaves open. Kept here, not in the
// contracts, so that the words do not travel in the web app's bundle.
const DESCRIPTIONS: [z.ZodType, string][] = [
  [
    GateSetSchema,
    "Startspåren hemmalaget tar i ett nominerat heat: '1-3' (spår 1 och 3) eller '2-4' " +
      '(spår 2 och 4); bortalaget tar de andra två.',
  ],
  [LaneKeySchema, 'Startspår (grind) 1–4, som text.'],
  [PositionSchema, 'Placering 1–4 för en förare i mål, 0 för en utesluten.'],
  [MatchHeatParamsSchema.shape.heatNumber, 'Heatets nummer, 1–15 (ett heat som saknas: 404).'],
];

for (const [schema, description] of DESCRIPTIONS) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
}
