import type { OfficialTeam } from '@speedway/contracts';

// The eight Elitserien clubs (shared/rules/README.md) with invented squads: every rider name here
// is fictional. Numbers 1–5 are main riders, 6–7 reserves.

export type DemoTeam = OfficialTeam & { slug: string; squad: readonly string[] };

export const DEMO_TEAMS: readonly DemoTeam[] = [
  {
    slug: 'dackarna',
    name: 'Dackarna',
    city: 'Målilla',
    short: 'DAC',
    arena: 'Skrotfrag Arena',
    squad: [
      'Algot Grusberg',
      'Vilgot Kurvqvist',
      'Edvin Sladdström',
      'Holger Tandberg',
      'Sixten Bränsle',
      'Ture Vinkelman',
      'Malte Kedjeskog',
    ],
  },
  {
    slug: 'indianerna',
    name: 'Indianerna',
    city: 'Kumla',
    short: 'IND',
    arena: 'Glottra Skog Arena',
    squad: [
      'Ivar Stjärnfall',
      'Knut Röksvik',
      'Folke Lerdal',
      'Greger Spårhagen',
      'Alvar Motorell',
      'Bertil Dammlund',
      'Hjalmar Varvsten',
    ],
  },
  {
    slug: 'lejonen',
    name: 'Lejonen',
    city: 'Gislaved',
    short: 'LEJ',
    arena: 'OnePartnerGroup Arena',
    squad: [
      'Loke Manhed',
      'Osvald Tornqvist',
      'Rune Gasklint',
      'Sture Leijonsand',
      'Tage Bankurva',
      'Valdemar Hjulsäter',
      'Yngve Styrbom',
    ],
  },
  {
    slug: 'piraterna',
    name: 'Piraterna',
    city: 'Motala',
    short: 'PIR',
    arena: 'Motala Arena',
    squad: [
      'Arvid Kaparlund',
      'Enok Ankarsvik',
      'Gottfrid Skeppsgrus',
      'Isak Vrakholm',
      'Julius Bryggsladd',
      'Kasper Djuphav',
      'Leopold Stormbana',
    ],
  },
  {
    slug: 'rospiggarna',
    name: 'Rospiggarna',
    city: 'Hallstavik',
    short: 'ROS',
    arena: 'Credentia Arena',
    squad: [
      'Manfred Roslagsten',
      'Nils Skärgrus',
      'Otto Båtmanspår',
      'Pontus Ekobana',
      'Ragnar Vågström',
      'Sigvard Kobbvik',
      'Teodor Roddkurva',
    ],
  },
  {
    slug: 'smederna',
    name: 'Smederna',
    city: 'Eskilstuna',
    short: 'SME',
    arena: 'Eskilstuna Motorstadion',
    squad: [
      'Ulf Städsberg',
      'Verner Hammarsladd',
      'Wilmer Glödqvist',
      'Axel Ässjelund',
      'Birger Järnkurva',
      'Conrad Smideström',
      'Dag Bälgvik',
    ],
  },
  {
    slug: 'vargarna',
    name: 'Vargarna',
    city: 'Norrköping',
    short: 'VAR',
    arena: 'Norrköping Motorstadion',
    squad: [
      'Einar Ylvander',
      'Filip Flockbana',
      'Gunnar Nattsladd',
      'Harald Månskog',
      'Ingemar Ulvgrus',
      'Jarl Tassvik',
      'Kjell Spårulv',
    ],
  },
  {
    slug: 'vastervik',
    name: 'Västervik Speedway',
    city: 'Västervik',
    short: 'VÄS',
    arena: 'Ljungheden',
    squad: [
      'Lage Kustgrus',
      'Melker Fyrbåk',
      'Nore Ljunghed',
      'Olof Saltsladd',
      'Per Tångvik',
      'Rolf Skärkurva',
      'Svante Havsbana',
    ],
  },
];

/** Invented referees. */
export const DEMO_REFEREES = [
  'Greta Startgrind',
  'Olle Flaggman',
  'Siv Tejpqvist',
  'Bengt Varvräknare',
];
