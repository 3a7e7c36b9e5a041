import type { LiveLink, LiveLinkState, LiveSnapshot, MessageResponse } from '@speedway/contracts';
import QRCode from 'qrcode';
import type { AppContext, Auth } from '../../context';
import { newToken, sha256 } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { limitKey, type Limit } from '../../lib/rate-limiter';
import { PROTOCOL_NOT_FOUND, protocolLineups } from '../protocol/index';
import { liveRepository as repo, type LiveLinkRow } from './live.repository';
import { toLiveSnapshot } from './live-snapshot';

export const LIVE_LINK_GONE = 'Länken är inte giltig längre.';

/**
 * Reads of a live link per IP (snapshot and event-stream connects together). Generous: a stand's
 * phones may share one address behind a mobile operator's NAT, and a stream reconnects by itself.
 */
export const LIVE_VIEWS_PER_IP: Limit = { max: 120, windowSeconds: 60 };

export async function countLiveView(ctx: AppContext, ip: string): Promise<void> {
  await ctx.rateLimiter.consume(limitKey('live', ip), LIVE_VIEWS_PER_IP);
}

async function assertOwned(ctx: AppContext, { user }: Auth, matchId: string): Promise<void> {
  if (!(await protocolLineups(ctx.db, user.id, matchId))) throw notFound(PROTOCOL_NOT_FOUND);
}

async function toLiveLink(ctx: AppContext, row: LiveLinkRow): Promise<LiveLink> {
  const token = ctx.secretBox.open(row.sealedToken);
  const url = new URL(`/live/${token}`, ctx.config.appUrl).toString();
  // An SVG as a data: URL (allowed by the CSP's img-src): the web bundle carries no QR encoder.
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    token,
    url,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    created_at: row.createdAt.toISOString(),
  };
}

/** The owner's link in use of a protocol, or null. */
export async function getLiveLink(
  ctx: AppContext,
  auth: Auth,
  matchId: string,
): Promise<LiveLinkState> {
  await assertOwned(ctx, auth, matchId);
  const row = await repo.activeForMatch(ctx.db, matchId);
  return { link: row ? await toLiveLink(ctx, row) : null };
}

/** 'Dela live': a new link (256 random bits), or the one in use when the protocol has one. */
export async function createLiveLink(
  ctx: AppContext,
  auth: Auth,
  matchId: string,
): Promise<{ link: LiveLink; created: boolean }> {
  await assertOwned(ctx, auth, matchId);
  const existing = await repo.activeForMatch(ctx.db, matchId);
  if (existing) return { link: await toLiveLink(ctx, existing), created: false };
  const token = newToken();
  const row = await repo.insert(ctx.db, {
    matchId,
    tokenHash: sha256(token),
    sealedToken: ctx.secretBox.seal(token),
  });
  // Another request created one in between: that one is the protocol's link.
  const link = row ?? (await repo.activeForMatch(ctx.db, matchId));
  if (!link) throw notFound(PROTOCOL_NOT_FOUND);
  return { link: await toLiveLink(ctx, link), created: row !== undefined };
}

/** 'Sluta dela': the link answers 404 from now on, and its open streams end. */
export async function revokeLiveLink(
  ctx: AppContext,
  auth: Auth,
  matchId: string,
): Promise<MessageResponse> {
  await assertOwned(ctx, auth, matchId);
  await repo.revokeActive(ctx.db, matchId);
  return { message: 'Protokollet delas inte längre.' };
}

/** The protocol a token in use opens; 404 for any other token. */
export async function protocolOfToken(ctx: AppContext, token: string): Promise<string> {
  const matchId = await repo.matchOfToken(ctx.db, sha256(token));
  if (!matchId) throw notFound(LIVE_LINK_GONE, 'LIVE_LINK_NOT_FOUND');
  return matchId;
}

/** What anyone with the link sees. */
export async function getLiveSnapshot(ctx: AppContext, token: string): Promise<LiveSnapshot> {
  const found = await repo.sharedProtocol(ctx.db, await protocolOfToken(ctx, token));
  if (!found || found.tokenHash !== sha256(token)) {
    throw notFound(LIVE_LINK_GONE, 'LIVE_LINK_NOT_FOUND');
  }
  return toLiveSnapshot(found.row, found.heats);
}
