import {
  AdPlacementSchema,
  GateSetSchema,
  LaneKeySchema,
  MatchHeatParamsSchema,
  OfficialMatchListQuerySchema,
  PendingEmailSchema,
  PositionSchema,
  QuietHoursTimeSchema,
  ResolveActionSchema,
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
  [
    ResolveActionSchema,
    "'accept_official': kopian tar det officiella resultatets poäng (och heat när de är " +
      "publicerade); 'keep_user': protokollets står kvar. Båda gör matchen validerad; svaret " +
      'får upprepas eller ändras.',
  ],
  [
    AdPlacementSchema,
    "Platsen på protokollsidan: 'protocol-top' eller 'protocol-bottom' (på en annons: null = " +
      'alla platser).',
  ],
  [QuietHoursTimeSchema, 'TT:MM i UTC, 00:00–23:45 i steg om 15 minuter.'],
  [
    PendingEmailSchema,
    'Adressen som ett byte av e-postadress väntar på; `email` gäller (inloggning, mejl) tills ' +
      'länken som mejlades hit har öppnats. Sätts likadant oavsett om adressen redan har ett ' +
      'konto. `null` när inget byte väntar.',
  ],
  [
    OfficialMatchListQuerySchema.shape.season,
    'Säsongen (år, 1900–2200): bara dess matcher. Med säsong är fönstret öppet åt det håll där ' +
      '`from` eller `to` saknas.',
  ],
  [
    OfficialMatchListQuerySchema.shape.from,
    'Första dagen (ÅÅÅÅ-MM-DD, svensk tid). Utan `season` och `to`: i dag; med bara `to`: ett ' +
      'år före `to`.',
  ],
  [
    OfficialMatchListQuerySchema.shape.to,
    'Sista dagen (ÅÅÅÅ-MM-DD, svensk tid), med. Utan `season`: ett år efter `from`. Anges den ' +
      'kommer matcher utan starttid inte med.',
  ],
];

for (const [schema, description] of DESCRIPTIONS) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
}
