import type { HeatStatus, Helmet, Side } from './types';

// Every Swedish text of the rules lives here, so server answers and web hints read the same.
// Texts quoted by the spec are used word for word; the others are ours (marked "ours").

export const messages = {
  placementsRequired: 'Fyll i unika placeringar 1–4 för alla som inte är uteslutna.',
  noChanges: 'Inga ändringar att spara.',
  inHeat: '(i heatet)',
  riderAlreadyInHeat: 'Du kan inte välja föraren som redan kör detta heat för samma lag.',
  laneLocked: 'Den här platsen är låst för reservernas schemalagda heat.',
  oneTacticalPerHeat: 'Endast en taktisk reserv kan användas per heat.',
  oneTacticalPerHeatShort: 'Endast en taktisk reserv per heat.',
  resetOneSwap: 'Återställ ett av bytena och försök igen.',
  manualUnlock: 'Lås upp för manuella ändringar Ex. (R.R)',
  excludedShort: 'Utesl.',
  fillHeatFirst: (heat: number) => `Fyll i Heat ${heat} först`,
  nominateHeatFirst: (heat: number) => `Nominera heat ${heat} först`,
  nominationUnlocksAfter: (heat: number) => `Nominering låses upp efter heat ${heat}`,
  nominateToUnlock: (heat: number) => `Nominera heat ${heat} för att låsa upp registrering`,
  heatsComplete: (done: number, total: number) => `${done}/${total} Heat komplett`,
  registerHeatTitle: (heat: number) => `Registrera Heat ${heat} Resultat`,
  editHeatTitle: (heat: number) => `Redigera Heat ${heat} Resultat`,
  nominationTitle: (heat: number) => `Nomineringsheat – Heat ${heat}`,
  nominationStep: (step: number) => `Steg ${step} av 3`,

  // ours
  heatNotFound: (heat: number) => `Heat ${heat} finns inte.`,
  heatNotRegistered: (heat: number) => `Heat ${heat} är inte registrerat.`,
  protocolNeedsAllHeats: (total: number) => `Protokollet måste ha ${total} heat.`,
  unknownLane: 'Startspåret finns inte. Välj startspår 1–4.',
  unknownRider: 'Föraren finns inte i laguppställningen.',
  wrongTeam: 'Platsen måste köras av en förare från samma lag.',
  resultsMismatch: 'Varje förare i heatet ska ha exakt ett resultat.',
  tacticalDisabled: 'Taktisk reserv används inte i den här tävlingsformen.',
  tacticalOutsideWindow: (start: number, end: number) =>
    `Taktisk reserv får bara användas i heat ${start}–${end}.`,
  tacticalNeedsDeficit: (min: number) =>
    `Taktisk reserv kräver att laget ligger under med minst ${min} poäng.`,
  // The heat dialog's hints name the team: what it may do, not only what it may not.
  tacticalAllowedFor: (team: string, deficit: number) =>
    `${team} ligger under med ${deficit} poäng och får sätta in en taktisk reserv.`,
  tacticalNeedsDeficitFor: (team: string, min: number) =>
    `${team} får sätta in en taktisk reserv först när laget ligger under med minst ${min} poäng.`,
  notNominatedHeat: (heat: number) => `Heat ${heat} är inget nomineringsheat.`,
  nominationHasResults: (heat: number) =>
    `Heat ${heat} har redan resultat. Byt förare i heatdialogen i stället.`,
  invalidGateSet: 'Välj startspår 1 och 3 eller 2 och 4 för hemmalaget.',
  allGatesRequired: 'Alla fyra startspår måste fyllas.',
  riderInOneGateOnly: 'En förare kan bara stå i ett startspår.',
  gateOfOtherTeam: (gate: string) => `Startspår ${gate} tillhör det andra laget.`,
  nominationListsMismatch: 'Listorna över nominerade förare stämmer inte med startspåren.',
  notEligible: (name: string, heat: number) => `${name} kan inte nomineras till heat ${heat}.`,
  invalidLineup: (side: Side) =>
    `Laguppställningen för ${sideLabels[side].toLowerCase()}laget är ogiltig.`,
  officialHeat: (heat: number, problem: string) => `Heat ${heat}: ${problem}`,
  officialNoSuchHeat: 'heatet finns inte i programmet.',
  officialInvalidGate: (gate: number) => `ogiltigt startspår (${gate}).`,
  officialUnknownRider: (team: string, no: number) => `okänd förare (${team} ${no}).`,
  officialHeatScore: 'heat_score stämmer inte med placeringarna.',
} as const;

export const sideLabels: Record<Side, string> = { home: 'Hemma', away: 'Borta' };

export const heatStatusLabels: Record<HeatStatus, string> = {
  upcoming: 'Kommande',
  confirmed: 'Bekräftad',
  live: 'Pågår',
  completed: 'Avslutad',
};

export const helmetLabels: Record<Helmet, string> = {
  röd: 'Röd',
  blå: 'Blå',
  vit: 'Vit',
  gul: 'Gul',
};
