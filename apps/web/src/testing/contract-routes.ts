import {
  AccountSchema,
  AdBeaconResponseSchema,
  AdListSchema,
  AdSchema,
  AdSelectionSchema,
  AnnouncementSchema,
  ErrorResponseSchema,
  FollowListSchema,
  FollowStateSchema,
  HeadToHeadSchema,
  HeatSaveResponseSchema,
  LiveLinkStateSchema,
  LiveSnapshotSchema,
  LoginResponseSchema,
  MatchListSchema,
  MatchSchema,
  MessageResponseSchema,
  NotificationInboxSchema,
  NotificationItemSchema,
  NotificationSettingsSchema,
  OfficialImportSummarySchema,
  OfficialMatchDetailSchema,
  OfficialMatchListSchema,
  ProfileUpdateResponseSchema,
  PushPublicKeyResponseSchema,
  PushSubscriptionResponseSchema,
  PushTestResponseSchema,
  ReadAllResponseSchema,
  RecoveryCodesResponseSchema,
  RiderIdentityListSchema,
  RiderIdentitySchema,
  RiderRankingSchema,
  RiderStatsSchema,
  SavedMatchListSchema,
  SavedMatchSchema,
  SaveProtocolResponseSchema,
  ScoresheetSchema,
  SessionListSchema,
  SessionLoginResponseSchema,
  SyncRunListSchema,
  SyncStartedSchema,
  SyncStatusSchema,
  TeamListSchema,
  TeamNameMappingListSchema,
  TeamNameMappingSchema,
  TeamRidersSchema,
  TeamSeasonStatsSchema,
  TwoFactorEnabledResponseSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStateSchema,
} from '@speedway/contracts';
import { TutorialStatusSchema } from '@speedway/contracts/tutorials';
import { z } from 'zod';

// What the server can answer on each route the web calls, from the same zod schemas its routes
// declare (apps/server/src/features/*/*.routes.ts, `response`). The fake network in
// testing/fetch-stub.ts checks every stubbed reply against this table: a stub the server could never
// send fails the test. Keys are written as apps/server/test/route-matrix.ts writes them.

/** What a success status carries: JSON of a schema, a file (not JSON), or nothing (204). */
type Body = z.ZodType | 'file' | 'empty';

/** Success statuses of a route and what each carries. Any error status carries the error shape. */
export type RouteContract = Readonly<Partial<Record<200 | 201 | 202 | 204, Body>>>;

const ok = (schema: Body): RouteContract => ({ 200: schema });

const HealthSchema = z.object({ status: z.literal('ok') });
const RevokedSessionsSchema = z.object({ message: z.string(), revoked: z.number().int() });

export const CONTRACT_ROUTES: Record<string, RouteContract> = {
  'GET /api/health': ok(HealthSchema),

  'POST /api/auth/register': { 201: MessageResponseSchema },
  'POST /api/auth/verify-email': ok(MessageResponseSchema),
  'POST /api/auth/login': ok(LoginResponseSchema),
  'POST /api/auth/2fa/verify': ok(SessionLoginResponseSchema),
  'POST /api/auth/2fa/removal': ok(MessageResponseSchema),
  'POST /api/auth/2fa/removal/cancel': ok(MessageResponseSchema),
  'POST /api/auth/password/forgot': ok(MessageResponseSchema),
  'POST /api/auth/password/reset': ok(MessageResponseSchema),
  'POST /api/auth/email/revert': ok(MessageResponseSchema),
  'POST /api/auth/logout': ok(MessageResponseSchema),

  'GET /api/account/me': ok(AccountSchema),
  'PUT /api/account/profile': ok(ProfileUpdateResponseSchema),
  'PUT /api/account/password': ok(MessageResponseSchema),
  'POST /api/account/2fa/enable': ok(TwoFactorSetupResponseSchema),
  'POST /api/account/2fa/verify': ok(TwoFactorEnabledResponseSchema),
  'POST /api/account/2fa/disable': ok(TwoFactorStateSchema),
  'POST /api/account/2fa/recovery-codes': ok(RecoveryCodesResponseSchema),
  'GET /api/account/sessions': ok(SessionListSchema),
  'DELETE /api/account/sessions/:id': ok(MessageResponseSchema),
  'DELETE /api/account/sessions': ok(RevokedSessionsSchema),
  // A file to save, though JSON (apps/server/src/features/account/account.routes.ts).
  'GET /api/account/export': ok(z.looseObject({ exported_at: z.iso.datetime({ offset: true }) })),
  'DELETE /api/account': ok(MessageResponseSchema),
  'GET /api/account/tutorials': ok(TutorialStatusSchema),
  'PUT /api/account/tutorials': ok(TutorialStatusSchema),

  'GET /api/official-matches': ok(OfficialMatchListSchema),
  'GET /api/official-matches/:id': ok(OfficialMatchDetailSchema),
  'POST /api/official-matches/import': ok(OfficialImportSummarySchema),
  'PUT /api/official-matches/:id/follow': ok(FollowStateSchema),
  'DELETE /api/official-matches/:id/follow': ok(FollowStateSchema),
  'GET /api/official-matches/:id/blank-scoresheet.pdf': ok('file'),
  'GET /api/follows': ok(FollowListSchema),

  'GET /api/matches': ok(MatchListSchema),
  'POST /api/matches/from-official': { 200: MatchSchema, 201: MatchSchema },
  'GET /api/matches/:id': ok(MatchSchema),
  'GET /api/matches/:id/scoresheet.pdf': ok('file'),
  'GET /api/matches/:id/export.csv': ok('file'),
  'GET /api/matches/:id/export.json': ok(ScoresheetSchema),
  'POST /api/matches/:id/heat/:heatNumber/save': ok(HeatSaveResponseSchema),
  'PUT /api/matches/:id/nominations': ok(MatchSchema),
  'PUT /api/matches/:id/confirm': ok(MatchSchema),
  'POST /api/matches/:id/save': {
    200: SaveProtocolResponseSchema,
    201: SaveProtocolResponseSchema,
  },
  'DELETE /api/matches/:id': ok(MessageResponseSchema),
  'GET /api/matches/:id/live-link': ok(LiveLinkStateSchema),
  'POST /api/matches/:id/live-link': { 200: LiveLinkStateSchema, 201: LiveLinkStateSchema },
  'DELETE /api/matches/:id/live-link': ok(MessageResponseSchema),
  'GET /api/live/:token': ok(LiveSnapshotSchema),

  'GET /api/user/matches': ok(SavedMatchListSchema),
  'GET /api/user/matches/:id': ok(SavedMatchSchema),
  'PUT /api/user/matches/:id/resolve': ok(SavedMatchSchema),
  'DELETE /api/user-matches/:id': ok(MessageResponseSchema),

  'GET /api/teams': ok(TeamListSchema),
  'GET /api/teams/:id/riders': ok(TeamRidersSchema),

  'GET /api/stats/riders': ok(RiderRankingSchema),
  'GET /api/stats/riders/:id': ok(RiderStatsSchema),
  'GET /api/stats/riders/:id/head-to-head/:opponentId': ok(HeadToHeadSchema),
  'GET /api/stats/teams/:id': ok(TeamSeasonStatsSchema),

  'GET /api/notifications/inbox': ok(NotificationInboxSchema),
  'PUT /api/notifications/read-all': ok(ReadAllResponseSchema),
  'PUT /api/notifications/:id/read': ok(NotificationItemSchema),
  'DELETE /api/notifications/:id': ok(MessageResponseSchema),
  'GET /api/account/notifications': ok(NotificationSettingsSchema),
  'PUT /api/account/notifications': ok(NotificationSettingsSchema),
  'GET /api/account/push/public-key': ok(PushPublicKeyResponseSchema),
  'POST /api/account/push/subscribe': ok(PushSubscriptionResponseSchema),
  'DELETE /api/account/push/subscribe': ok(PushSubscriptionResponseSchema),
  'POST /api/account/push/test': ok(PushTestResponseSchema),

  'GET /api/ads': ok(AdListSchema),
  'GET /api/ads/:id': ok(AdSchema),
  'POST /api/ads': { 201: AdSchema },
  'PUT /api/ads/:id': ok(AdSchema),
  'DELETE /api/ads/:id': ok(MessageResponseSchema),
  'POST /api/ads/:id/approve': ok(AdSchema),
  'POST /api/ads/:id/reject': ok(AdSchema),
  'POST /api/ads/:id/pause': ok(AdSchema),
  'POST /api/ads/:id/activate': ok(AdSchema),
  'POST /api/ads/select': { 200: AdSelectionSchema, 204: 'empty' },
  'POST /api/ads/impression': ok(AdBeaconResponseSchema),
  'POST /api/ads/click': ok(AdBeaconResponseSchema),

  'GET /api/system/announcement': ok(AnnouncementSchema),
  'PUT /api/system/announcement': ok(AnnouncementSchema),
  'DELETE /api/system/announcement': ok(AnnouncementSchema),

  'GET /api/admin/official-sync': ok(SyncStatusSchema),
  'POST /api/admin/official-sync': { 202: SyncStartedSchema },
  'GET /api/admin/official-sync/runs': ok(SyncRunListSchema),
  'GET /api/admin/official-sync/team-names': ok(TeamNameMappingListSchema),
  'PUT /api/admin/official-sync/team-names': ok(TeamNameMappingSchema),

  'GET /api/admin/riders': ok(RiderIdentityListSchema),
  'POST /api/admin/riders/:id/merge': ok(RiderIdentitySchema),
  'POST /api/admin/riders/:id/split': ok(RiderIdentitySchema),
};

type Pattern = { key: string; method: string; parts: string[] };

const PATTERNS: Pattern[] = Object.keys(CONTRACT_ROUTES).map((key) => {
  const [method = '', path = ''] = key.split(' ');
  return { key, method, parts: path.split('/') };
});

/**
 * The route a call reaches, as "METHOD /api/x/:id", or undefined when the server has none. A
 * literal segment wins over a parameter, as in the server's router (`/api/ads/select` is not
 * `/api/ads/:id`).
 */
export function routeOf(method: string, path: string): string | undefined {
  const parts = path.split('/');
  let best: { key: string; literals: number } | undefined;
  for (const pattern of PATTERNS) {
    if (pattern.method !== method || pattern.parts.length !== parts.length) continue;
    let literals = 0;
    const fits = pattern.parts.every((part, i) => {
      if (part.startsWith(':')) return parts[i] !== '';
      literals += 1;
      return part === parts[i];
    });
    if (fits && (!best || literals > best.literals)) best = { key: pattern.key, literals };
  }
  return best?.key;
}

/** A reply as the wire carries it: its status and, when it is JSON, the parsed body. */
export type WireReply = { status: number; json?: unknown; text?: string | null };

/**
 * Why the server could not have sent this reply on this route, or an empty list. JSON errors must
 * be the one error shape (packages/contracts/src/errors.ts) with their own status; a success must be
 * one the route answers, and its JSON exactly what the route's schema sends (the server encodes
 * every reply with it: a field the schema does not have would never arrive).
 */
export function replyProblems(route: string, reply: WireReply): string[] {
  const contract = CONTRACT_ROUTES[route];
  if (!contract) return [`the server has no route ${route}`];
  const { status } = reply;
  if (status >= 400) {
    // An error that is not JSON comes from what stands in front of the server (a proxy's page, a
    // gateway's empty 502), which the app must cope with too. JSON is the server's own: its shape.
    if (reply.json === undefined) return [];
    const problems = schemaProblems(ErrorResponseSchema, reply.json);
    const statusCode = (reply.json as { statusCode?: unknown } | null)?.statusCode;
    if (problems.length === 0 && statusCode !== status)
      problems.push(`statusCode ${String(statusCode)} in a ${status} reply`);
    return problems;
  }
  const body = contract[status as keyof RouteContract];
  if (body === undefined) {
    const answered = Object.keys(contract).join(', ');
    return [`status ${status}; the route answers ${answered} on success`];
  }
  if (body === 'empty') {
    return reply.json === undefined && !reply.text ? [] : ['a body on a reply without one'];
  }
  if (body === 'file') return reply.json === undefined ? [] : ['JSON where the route sends a file'];
  if (reply.json === undefined) return ['no JSON body'];
  return schemaProblems(body, reply.json);
}

function schemaProblems(schema: z.ZodType, json: unknown): string[] {
  const decoded = z.safeDecode(schema, json);
  if (!decoded.success) {
    return decoded.error.issues.map(issueText);
  }
  const sent = z.safeEncode(schema, decoded.data);
  if (!sent.success) return sent.error.issues.map(issueText);
  return differences(json, JSON.parse(JSON.stringify(sent.data)) as unknown, []);
}

/** An issue, its message cut short (an enum's lists every option). */
const issueText = (issue: z.core.$ZodIssue) => {
  const message = issue.message.length > 120 ? `${issue.message.slice(0, 117)}…` : issue.message;
  return `${pathText(issue.path)}: ${message}`;
};

const pathText = (path: readonly PropertyKey[]) =>
  path.length === 0 ? '(reply)' : path.map(String).join('.');

/** Where the stub's JSON differs from what the schema would send for it. */
function differences(stub: unknown, sent: unknown, path: PropertyKey[]): string[] {
  if (Array.isArray(stub) && Array.isArray(sent)) {
    if (stub.length !== sent.length) return [`${pathText(path)}: length differs`];
    return stub.flatMap((item, i) => differences(item, sent[i], [...path, i]));
  }
  if (isObject(stub) && isObject(sent)) {
    const keys = new Set([...Object.keys(stub), ...Object.keys(sent)]);
    return [...keys].flatMap((key) => {
      if (!(key in sent)) return [`${pathText([...path, key])}: not in the contract (never sent)`];
      if (!(key in stub)) return [`${pathText([...path, key])}: missing`];
      return differences(stub[key], sent[key], [...path, key]);
    });
  }
  return Object.is(stub, sent) ? [] : [`${pathText(path)}: sent as ${JSON.stringify(sent)}`];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
