import { isRulebookId, type RulebookId } from '@speedway/rules';

/** A rulebook id read back from the database; an unknown one is corrupt data, not user input. */
export function storedRulebook(value: string): RulebookId {
  if (!isRulebookId(value)) throw new Error(`Unknown rulebook in the database: ${value}`);
  return value;
}
