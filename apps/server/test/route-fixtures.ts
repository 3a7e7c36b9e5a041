import { randomInt } from 'node:crypto';
import type { Match, OfficialDataDocument, OfficialHeat } from '@speedway/contracts';
import { expect } from 'vitest';
import { createUserCommand } from '../src/cli/create-user';
import { createAdFixtures, type AdFixtures } from './ads';
import { fixtureSeason, importDoc, officialIds, syntheticKlassisk } from './official-data';
import { api, completeProtocol, registerHeat, startProtocol } from './protocol-api';
import type { TestApp } from './test-app';
import { login, PASSWORD } from './users';

// One set of users and objects for the suites that walk every route (authorization matrix, fuzz):
// an owner with protocols and saved matches, another user, a club_admin and a super_admin.

export const ROLES = ['anonymous', 'owner', 'other', 'club_admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, 'anonymous'>;

const ACCOUNT_ROLE: Record<SignedInRole, 'user' | 'club_admin' | 'super_admin'> = {
  owner: 'user',
  other: 'user',
  club_admin: 'club_admin',
  super_admin: 'super_admin',
};

/** Every call comes from its own address, so that per-IP limits stay out of the way. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export type Fixtures = {
  t: TestApp;
  tokens: Record<SignedInRole, string>;
  emails: Record<SignedInRole, string>;
  /** external_id → id of the official matches of fixtureSeason(). */
  official: Record<string, string>;
  doc: OfficialDataDocument;
  /** The synthetic match's heats, as fx-played's official result. */
  heats: readonly OfficialHeat[];
  /** The home team of the official matches. */
  teamId: string;
  /** The owner's open protocol of fx-played with heats 1–14 registered. */
  protocol: Match;
  /** The owner's confirmed protocol behind `savedMatchId`. */
  savedProtocolId: string;
  /** The owner's saved match, and a second one. */
  savedMatchId: string;
  spareSavedMatchId: string;
  /** A second session of the owner (not the one in `tokens`). */
  ownerSpareSessionId: string;
  /** Banner ads (test/ads.ts). */
  ads: AdFixtures;
  /** A new verified account with the role of `role`, signed in. */
  newUser: (role: SignedInRole) => Promise<{ token: string; email: string }>;
};

let serial = 0;

async function makeUser(t: TestApp, role: SignedInRole, label: string) {
  const email = `${label}.${++serial}@example.se`;
  await createUserCommand(
    {
      email,
      password: PASSWORD,
      role: ACCOUNT_ROLE[role],
      ...(role === 'club_admin' ? { club: 'indianerna' } : {}),
    },
    t.db,
  );
  return { email, token: await login(t, email, PASSWORD, { 'x-forwarded-for': randomIp() }) };
}

async function saveProtocol(t: TestApp, token: string, match: Match): Promise<string> {
  const res = await api(t, token)('POST', `/api/matches/${match.id}/save`);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

export async function createRouteFixtures(t: TestApp): Promise<Fixtures> {
  const tokens = {} as Record<SignedInRole, string>;
  const emails = {} as Record<SignedInRole, string>;
  for (const role of ['owner', 'other', 'club_admin', 'super_admin'] as const) {
    ({ token: tokens[role], email: emails[role] } = await makeUser(t, role, role));
  }
  const doc = fixtureSeason();
  await importDoc(t, doc);
  const official = await officialIds(t);
  const heats = syntheticKlassisk().matches[0]!.result.heats;

  // Two saved matches of fx-played (each save confirms its protocol, so the next start is new),
  // then an open protocol of it with every heat but the nominated 15th registered.
  const saved = await completeProtocol(t, tokens.owner, official['fx-played']!, heats);
  const savedMatchId = await saveProtocol(t, tokens.owner, saved);
  const spare = await completeProtocol(t, tokens.owner, official['fx-played']!, heats);
  const spareSavedMatchId = await saveProtocol(t, tokens.owner, spare);
  let protocol = await startProtocol(t, tokens.owner, official['fx-played']!);
  for (const heat of heats.filter((h) => h.heat < 15)) {
    protocol = (await registerHeat(t, tokens.owner, protocol, heat)).match;
  }

  await login(t, emails.owner, PASSWORD, { 'x-forwarded-for': randomIp() });
  const sessions = await api(t, tokens.owner)('GET', '/api/account/sessions');
  const spareSession = (sessions.json() as { id: string; current: boolean }[]).find(
    (s) => !s.current,
  );
  return {
    t,
    tokens,
    emails,
    official,
    doc,
    heats,
    teamId: protocol.home_team_id!,
    protocol,
    savedProtocolId: saved.id,
    savedMatchId,
    spareSavedMatchId,
    ownerSpareSessionId: spareSession!.id,
    ads: await createAdFixtures(t, tokens),
    newUser: (role) => makeUser(t, role, `ny-${role}`),
  };
}

/** A lane's rider id in a protocol, for a rider of an official heat. */
function riderId(match: Match, team: 'H' | 'A', no: number): string {
  const rider = match.lineups[team === 'H' ? 'home' : 'away'].find((r) => r.lineup_no === no);
  if (!rider) throw new Error(`no rider ${team}${no}`);
  return rider.rider_id;
}

/** The nomination of an official heat as the nomination dialog sends it. */
export function nominationOf(match: Match, heat: OfficialHeat) {
  const ids = (team: 'H' | 'A') =>
    heat.riders.filter((r) => r.team === team).map((r) => riderId(match, team, r.no));
  const homeGate = heat.riders.find((r) => r.team === 'H')!.gate;
  return {
    [`heat${heat.heat}`]: {
      assignments: Object.fromEntries(
        heat.riders.map((r) => [String(r.gate), riderId(match, r.team, r.no)]),
      ),
      home_gates: homeGate % 2 === 1 ? '1-3' : '2-4',
      home: ids('H'),
      away: ids('A'),
    },
  };
}

/** The results of an official heat as the heat dialog sends them. */
export function resultsOf(match: Match, heat: OfficialHeat) {
  return {
    results: heat.riders.map((r) => ({
      rider_id: riderId(match, r.team, r.no),
      position: r.position,
      status: r.status,
    })),
  };
}
