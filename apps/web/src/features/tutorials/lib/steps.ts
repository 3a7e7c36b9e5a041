import type { TutorialPageKey } from '@speedway/contracts/tutorials';

/** One step of a page guide: what it points at (a data-tutorial value) and what it says. */
export type TutorialStep = {
  /** The value of the target's data-tutorial attribute; without one the step stands alone. */
  target?: string;
  title: string;
  body: string;
};

/**
 * The spec's targets (docs/spec/2-matches-protocols-admin.md §4), each marked in its page with
 * data-tutorial="…".
 */
export const TUTORIAL_TARGETS = {
  nextMatch: 'next-match',
  homeOverview: 'home-overview',
  homeLists: 'home-lists',
  featuredMatches: 'featured-matches',
  matchPicker: 'match-picker',
  myMatchesTabs: 'my-matches-tabs',
  myMatchesList: 'my-matches-list',
  teamTable: 'team-table',
  accountSummary: 'account-summary',
  accountMenu: 'account-menu',
  matchInfo: 'match-info',
  heatTable: 'heat-table',
  startProtocol: 'start-protocol',
  matchStats: 'match-stats',
  heatCarousel: 'heat-carousel',
  pointsToggle: 'points-toggle',
  saveProtocol: 'save-protocol',
  placementButtons: 'placement-buttons',
  heatUnlock: 'heat-unlock',
} as const;

const T = TUTORIAL_TARGETS;

/** Each page's guide, in Swedish. Every page key has at least one step. */
export const TUTORIAL_STEPS: Record<TutorialPageKey, readonly TutorialStep[]> = {
  home: [
    {
      target: T.nextMatch,
      title: 'Nästa match',
      body: 'Matchkortet visar nästa officiella match. Tryck på Till protokoll för att öppna matchen och starta ditt eget protokoll.',
    },
    {
      target: T.homeOverview,
      title: 'Matchöversikt',
      body: 'Här ser du hur många matcher du bevakar, hur många egna matcher du har och vilket lag som leder serien.',
    },
    {
      target: T.homeLists,
      title: 'Matcher och tabell',
      body: 'Växla mellan officiella matcher, dina egna matcher, tabellen och lagen.',
    },
  ],
  matches: [
    {
      target: T.featuredMatches,
      title: 'Nästa matcher',
      body: 'Alla matcher på nästa matchdag. Öppna matchkortet för att se laguppställningar och starta ett protokoll.',
    },
    {
      target: T.matchPicker,
      title: 'Hitta en annan match',
      body: 'Sök på lag eller datum för att hitta en annan kommande match.',
    },
  ],
  myMatches: [
    {
      target: T.myMatchesTabs,
      title: 'Skapade och sparade',
      body: 'Under Skapade finns protokoll du har påbörjat. Under Sparade finns färdiga protokoll, jämförda med det officiella resultatet. Svep åt sidan för att byta flik.',
    },
    {
      target: T.myMatchesList,
      title: 'Dina protokoll',
      body: 'Öppna en match för att fortsätta protokollet eller se jämförelsen med det officiella resultatet.',
    },
  ],
  table: [
    {
      target: T.teamTable,
      title: 'Tabellen',
      body: 'Lagen rankas efter poäng. Formen visar de fem senaste matcherna: V vinst, O oavgjort, F förlust.',
    },
  ],
  account: [
    {
      target: T.accountSummary,
      title: 'Ditt konto',
      body: 'Här ser du hur många protokoll du har och när du senast var aktiv.',
    },
    {
      target: T.accountMenu,
      title: 'Inställningar',
      body: 'Ändra profil, utseende, notiser och säkerhet. Under Snabbguider kan du visa guiderna igen.',
    },
  ],
  officialMatchDetail: [
    {
      target: T.matchInfo,
      title: 'Matchinformation',
      body: 'Starttid, arena, omgång, TV och domare för matchen.',
    },
    {
      target: T.heatTable,
      title: 'Heatprogrammet',
      body: 'Alla 15 heat med förarna i varje startspår.',
    },
    {
      target: T.startProtocol,
      title: 'Starta protokoll',
      body: 'Skapa ditt eget matchprotokoll för matchen. Laguppställningarna följer med.',
    },
  ],
  matchProtocol: [
    {
      target: T.matchStats,
      title: 'Match-statistik',
      body: 'Se poäng per förare och lag medan matchen pågår.',
    },
    {
      target: T.heatCarousel,
      title: 'Heatkarusellen',
      body: 'Ett kort per heat. Svep eller använd pilarna för att byta heat och tryck på Registrera heat för att fylla i resultatet.',
    },
    {
      target: T.pointsToggle,
      title: 'Heatpoäng eller totalpoäng',
      body: 'Visa förarnas poäng i heatet eller deras totala poäng i matchen.',
    },
    {
      target: T.saveProtocol,
      title: 'Spara protokoll',
      body: 'När alla 15 heat är registrerade sparar du protokollet och jämför det med det officiella resultatet.',
    },
  ],
  heatDialog: [
    {
      target: T.placementButtons,
      title: 'Placering 1–4',
      body: 'Välj förarens placering 1–4 genom att klicka på siffran. Klicka igen för att ta bort den.',
    },
    {
      target: T.heatUnlock,
      title: 'Förarbyte med låset',
      body: 'Låsikonen visar att förarvalet är låst. När reglerna kräver ett byte, till exempel till en reservförare, låser du upp här och byter förare.',
    },
  ],
};

/** The selector of a step's target. */
export function targetSelector(target: string): string {
  return `[data-tutorial="${target}"]`;
}
