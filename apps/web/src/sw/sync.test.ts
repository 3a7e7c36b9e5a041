import { describe, expect, it, vi } from 'vitest';
import { browserOnline } from '@/lib/offline/connectivity';
import { applyToDeviceCopy } from '@/lib/offline/device-copy';
import type { ReplayResult } from '@/lib/offline/replay';
import { listenForSync } from './sync';
import { fakeScope } from './testing/fake-scope';

const SESSION = { userId: 'u1', token: 'secret' };

function syncWorker(result: ReplayResult, session: typeof SESSION | null = SESSION) {
  const worker = fakeScope();
  const replay = vi.fn(async () => result);
  const stored = vi.fn(async () => session ?? undefined);
  listenForSync(worker.scope, replay, stored);
  return { ...worker, replay, session: stored };
}

describe('background sync', () => {
  it("sends the signed-in user's outbox at once when the browser says the network is back", async () => {
    const { dispatch, replay } = syncWorker({ sent: 2, nextAttemptAt: null });
    await dispatch('sync', { tag: 'speedway-outbox' });
    expect(replay).toHaveBeenCalledWith({
      userId: 'u1',
      token: 'secret',
      wake: true,
      isOnline: browserOnline,
      apply: applyToDeviceCopy,
    });
  });

  it('fails the sync while entries are left, so the browser tries again', async () => {
    const offline = syncWorker({ sent: 0, stopped: 'offline', nextAttemptAt: 1 });
    await expect(offline.dispatch('sync', { tag: 'speedway-outbox' })).rejects.toThrow();
    const later = syncWorker({ sent: 1, nextAttemptAt: Date.now() + 2000 });
    await expect(later.dispatch('sync', { tag: 'speedway-outbox' })).rejects.toThrow();
  });

  it('sends nothing signed out, and the sync ends without asking to be run again', async () => {
    const signedOut = syncWorker({ sent: 0, nextAttemptAt: null }, null);
    // Resolving (not rejecting) is what tells the browser not to try again.
    await expect(signedOut.dispatch('sync', { tag: 'speedway-outbox' })).resolves.toEqual({
      response: undefined,
    });
    expect(signedOut.session).toHaveBeenCalledTimes(1);
    expect(signedOut.replay).not.toHaveBeenCalled();
  });

  it('stops on a 401 without asking to be run again, though entries are left', async () => {
    const revoked = syncWorker({ sent: 0, stopped: 'unauthorized', nextAttemptAt: 5 });
    await expect(revoked.dispatch('sync', { tag: 'speedway-outbox' })).resolves.toEqual({
      response: undefined,
    });
    expect(revoked.replay).toHaveBeenCalledTimes(1);
  });

  it('leaves other sync tags alone', async () => {
    const { dispatch, replay } = syncWorker({ sent: 0, nextAttemptAt: null });
    await dispatch('sync', { tag: 'something-else' });
    expect(replay).not.toHaveBeenCalled();
  });
});
