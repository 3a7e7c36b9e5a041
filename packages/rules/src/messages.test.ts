import { describe, expect, it } from 'vitest';
import { heatStatusLabels, helmetLabels, messages, sideLabels } from './messages';

// The spec's texts, word for word (docs/spec/2-matches-protocols-admin.md §2, §4, §5).
describe('Swedish texts from the spec', () => {
  it.each([
    [messages.placementsRequired, 'Fyll i unika placeringar 1–4 för alla som inte är uteslutna.'],
    [messages.noChanges, 'Inga ändringar att spara.'],
    [messages.inHeat, '(i heatet)'],
    [
      messages.riderAlreadyInHeat,
      'Du kan inte välja föraren som redan kör detta heat för samma lag.',
    ],
    [messages.laneLocked, 'Den här platsen är låst för reservernas schemalagda heat.'],
    [messages.oneTacticalPerHeat, 'Endast en taktisk reserv kan användas per heat.'],
    [messages.oneTacticalPerHeatShort, 'Endast en taktisk reserv per heat.'],
    [messages.resetOneSwap, 'Återställ ett av bytena och försök igen.'],
    [messages.manualUnlock, 'Lås upp för manuella ändringar Ex. (R.R)'],
    [messages.excludedShort, 'Utesl.'],
    [messages.fillHeatFirst(7), 'Fyll i Heat 7 först'],
    [messages.nominateHeatFirst(15), 'Nominera heat 15 först'],
    [messages.nominationUnlocksAfter(14), 'Nominering låses upp efter heat 14'],
    [messages.nominateToUnlock(15), 'Nominera heat 15 för att låsa upp registrering'],
    [messages.heatsComplete(3, 15), '3/15 Heat komplett'],
    [messages.registerHeatTitle(4), 'Registrera Heat 4 Resultat'],
    [messages.editHeatTitle(4), 'Redigera Heat 4 Resultat'],
    [messages.nominationTitle(15), 'Nomineringsheat – Heat 15'],
    [messages.nominationStep(2), 'Steg 2 av 3'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("names the team in the heat dialog's tactical-reserve hints (ours)", () => {
    expect(messages.tacticalAllowedFor('Vargarna', 8)).toBe(
      'Vargarna ligger under med 8 poäng och får sätta in en taktisk reserv.',
    );
    expect(messages.tacticalNeedsDeficitFor('Dackarna', 6)).toBe(
      'Dackarna får sätta in en taktisk reserv först när laget ligger under med minst 6 poäng.',
    );
  });

  it('labels statuses, teams and helmets as the spec', () => {
    expect(heatStatusLabels).toEqual({
      upcoming: 'Kommande',
      confirmed: 'Bekräftad',
      live: 'Pågår',
      completed: 'Avslutad',
    });
    expect(sideLabels).toEqual({ home: 'Hemma', away: 'Borta' });
    expect(helmetLabels).toEqual({ röd: 'Röd', blå: 'Blå', vit: 'Vit', gul: 'Gul' });
  });
});
