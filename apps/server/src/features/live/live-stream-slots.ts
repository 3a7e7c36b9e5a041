import { ErrorCodes } from '@speedway/contracts';
import { AppError } from '../../lib/errors';

export type StreamCaps = {
  /** Open event streams one address may hold on this instance. */
  perAddress: number;
  /** Open event streams this instance holds in all. */
  perInstance: number;
};

/** How soon a refused viewer may try again (the live page opens the stream again by itself). */
export const STREAM_RETRY_AFTER_SECONDS = 30;

export const TOO_MANY_STREAMS_FROM_ADDRESS =
  'För många öppna liveflöden från din adress. Stäng något av dem och försök igen om en stund.';
export const TOO_MANY_STREAMS =
  'Servern har för många öppna liveflöden just nu. Försök igen om en stund.';

/**
 * The open event streams of this instance, counted per address and in all. An open stream holds
 * memory and a socket of this process, so the caps are per instance by nature: a process protects
 * itself whatever the others hold (with N instances behind a balancer, an address may hold up to
 * N × perAddress in all). The per-IP view limit (live.service.ts) counts connects; this counts
 * what stays open.
 */
export function createStreamSlots(caps: StreamCaps) {
  const byAddress = new Map<string, number>();
  let open = 0;

  return {
    /**
     * Takes a slot for a stream from `address`, or refuses in the error shape: 429 over the
     * address's cap, 503 over the instance's. The returned release is idempotent, so every close
     * path may call it.
     */
    acquire(address: string): () => void {
      const held = byAddress.get(address) ?? 0;
      const retryAfter = { 'retry-after': String(STREAM_RETRY_AFTER_SECONDS) };
      if (held >= caps.perAddress) {
        throw new AppError(429, ErrorCodes.RATE_LIMITED, TOO_MANY_STREAMS_FROM_ADDRESS, retryAfter);
      }
      if (open >= caps.perInstance) {
        throw new AppError(503, 'LIVE_STREAMS_FULL', TOO_MANY_STREAMS, retryAfter);
      }
      byAddress.set(address, held + 1);
      open += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
    /** Streams open now (in all, and from one address). */
    count(address?: string): number {
      return address === undefined ? open : (byAddress.get(address) ?? 0);
    },
  };
}
export type StreamSlots = ReturnType<typeof createStreamSlots>;
