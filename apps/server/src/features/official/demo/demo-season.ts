import { OFFICIAL_DATA_FORMAT, type OfficialDataDocument } from '@speedway/contracts';
import {
  DEFAULT_RULEBOOK,
  matchScore,
  type LineupRider,
  type Lineups,
  type Side,
} from '@speedway/rules';
import { addDays, swedishDay, swedishTime, type CalendarDay } from './demo-calendar';
import { hashSeed, playMatch, seededRandom, toOfficialHeat, type Strength } from './demo-results';
import { DEMO_REFEREES, DEMO_TEAMS, type DemoTeam } from './demo-squads';

// A double round robin of the eight clubs around `now`: seven rounds played (with results), the
// eighth today (one match under way, the rest later today), six in the coming weeks.

export const DEMO_ROUNDS = (DEMO_TEAMS.length - 1) * 2;
/** The round played today; the rounds before it are finished. */
export const DEMO_TODAY_ROUND = DEMO_TEAMS.length;
const EVENING_HOUR = 19;
const DAYS_BETWEEN_ROUNDS = 7;

type Pairing = { round: number; home: DemoTeam; away: DemoTeam };

/** The circle method: every team meets every other once per half, home and away swap after. */
export function roundRobin(teams: readonly DemoTeam[]): Pairing[] {
  const [fixed, ...rest] = teams;
  const half = teams.length / 2;
  const firstHalf: Pairing[] = [];
  for (let r = 0; r < teams.length - 1; r += 1) {
    const circle = [fixed!, ...rest.slice(r), ...rest.slice(0, r)];
    for (let i = 0; i < half; i += 1) {
      const a = circle[i]!;
      const b = circle[teams.length - 1 - i]!;
      const swap = i === 0 ? r % 2 === 1 : i % 2 === 1;
      firstHalf.push({ round: r + 1, home: swap ? b : a, away: swap ? a : b });
    }
  }
  const secondHalf = firstHalf.map((p) => ({
    round: p.round + teams.length - 1,
    home: p.away,
    away: p.home,
  }));
  return [...firstHalf, ...secondHalf];
}

function lineupNames(team: DemoTeam): Record<string, string> {
  return Object.fromEntries(team.squad.map((name, i) => [String(i + 1), name]));
}

/** Main riders 1–5 from strongest down, reserves slower; each club has its own level. */
function strengthOf(home: DemoTeam, away: DemoTeam, lineups: Lineups): Strength {
  const riderLevel = [1.35, 1.25, 1.15, 1.1, 1.05, 0.85, 0.8];
  const clubLevel = (team: DemoTeam) => 0.88 + (hashSeed(team.slug) % 25) / 100;
  const level = new Map<string, number>();
  const add = (side: Side, team: DemoTeam, factor: number) =>
    lineups[side].forEach((r: LineupRider) =>
      level.set(r.rider_id, riderLevel[r.lineup_no - 1]! * clubLevel(team) * factor),
    );
  add('home', home, 1.08);
  add('away', away, 1);
  return (id) => level.get(id) ?? 1;
}

function demoLineups(home: DemoTeam, away: DemoTeam): Lineups {
  const side = (team: DemoTeam, s: Side): LineupRider[] =>
    team.squad.map((name, i) => ({ rider_id: `${s}-${i + 1}`, name, team: s, lineup_no: i + 1 }));
  return { home: side(home, 'home'), away: side(away, 'away') };
}

/** Today's starts: the first is under way, the others spread over what is left of the day. */
function todaysStarts(now: Date, count: number): Date[] {
  const today = swedishDay(now);
  const dayStart = swedishTime(today, 0).getTime();
  const dayEnd = swedishTime(addDays(today, 1), 0).getTime();
  const quarter = 15 * 60_000;
  const starts = [new Date(Math.max(dayStart, now.getTime() - 45 * 60_000))];
  for (let k = 1; k < count; k += 1) {
    const raw = now.getTime() + ((dayEnd - now.getTime()) * k) / count;
    const rounded = Math.ceil(raw / quarter) * quarter;
    starts.push(new Date(rounded < dayEnd ? rounded : raw));
  }
  return starts;
}

function startOf(round: number, indexInRound: number, now: Date, perRound: number): Date {
  if (round === DEMO_TODAY_ROUND) return todaysStarts(now, perRound)[indexInRound]!;
  const day: CalendarDay = addDays(
    swedishDay(now),
    (round - DEMO_TODAY_ROUND) * DAYS_BETWEEN_ROUNDS,
  );
  return swedishTime(day, EVENING_HOUR);
}

/** The demo season as a `speedway-official/1` document, the same the import reads from a file. */
export function buildDemoSeason(now: Date): OfficialDataDocument {
  const season = swedishDay(now).year;
  const pairings = roundRobin(DEMO_TEAMS);
  const perRound = DEMO_TEAMS.length / 2;
  return {
    format: OFFICIAL_DATA_FORMAT,
    about: 'Demosäsong med påhittade förare (DEMO_DATA). Inga namn avser verkliga personer.',
    teams: DEMO_TEAMS.map(({ squad: _squad, ...team }) => team),
    matches: pairings.map((p, i) => {
      const externalId = `demo-${season}-r${p.round}-${p.home.slug}-${p.away.slug}`;
      const played = p.round < DEMO_TODAY_ROUND;
      const lineups = demoLineups(p.home, p.away);
      const heats = played
        ? playMatch(
            DEFAULT_RULEBOOK,
            lineups,
            strengthOf(p.home, p.away, lineups),
            seededRandom(hashSeed(externalId)),
          )
        : null;
      const total = heats && matchScore(heats);
      return {
        external_id: externalId,
        competition: 'Elitserien',
        season,
        round: p.round,
        rulebook: DEFAULT_RULEBOOK,
        start: startOf(p.round, i % perRound, now, perRound).toISOString(),
        home: p.home.slug,
        away: p.away.slug,
        venue: p.home.arena ?? null,
        referee: DEMO_REFEREES[i % DEMO_REFEREES.length]!,
        tv: i % 3 === 0 ? 'Demokanalen' : null,
        lineups: { home: lineupNames(p.home), away: lineupNames(p.away) },
        ...(heats && total
          ? {
              result: {
                home_score: total.home_score,
                away_score: total.away_score,
                heats: heats.map(toOfficialHeat),
              },
            }
          : {}),
      };
    }),
  };
}
