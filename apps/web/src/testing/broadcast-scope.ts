/**
 * Gives this test file's BroadcastChannels names of their own. jsdom has no BroadcastChannel, so
 * the tests get Node's, which reaches every channel of that name in the process: with test files
 * run as VM contexts in shared worker threads, one file's outbox events (a 'settled' reply for
 * the same test user) reached another file's listeners and changed its cache and its requests.
 * In a browser a channel reaches the tabs of one origin; here, the contexts of one test file.
 */
export function scopeBroadcastChannels(): void {
  const NodeChannel = globalThis.BroadcastChannel;
  if (!NodeChannel) return;
  const scope = crypto.randomUUID();
  globalThis.BroadcastChannel = class ScopedBroadcastChannel extends NodeChannel {
    constructor(name: string) {
      super(`${scope}:${name}`);
    }
  };
}
