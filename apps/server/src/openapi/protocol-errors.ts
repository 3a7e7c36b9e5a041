import { errorResponse } from './error-responses';

// Refusals shared by the protocol routes (matches and saved matches), described once.

export const PROTOCOL_MISSING = errorResponse(
  'Protokollet finns inte, eller är någon annans (`NOT_FOUND`).',
);

export const KEY_REUSED = errorResponse(
  '`Idempotency-Key` har använts för en annan ändring (`IDEMPOTENCY_KEY_REUSED`).',
);

export const PROTOCOL_CHANGED = errorResponse(
  '`If-Match` anger en annan version av protokollet (`PROTOCOL_CHANGED`).',
);

export const PROTOCOL_NOT_READY = errorResponse(
  'Inte alla 15 heat är registrerade (`PROTOCOL_INCOMPLETE`, med första saknade heat), eller ' +
    'samma `Idempotency-Key` behandlas redan (`IDEMPOTENCY_KEY_IN_FLIGHT`).',
);
