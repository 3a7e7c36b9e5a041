/** What the app posts to the waiting worker when the user chose 'Ladda om'. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** The Background Sync tag the outbox registers (lib/offline/outbox.ts) and sync.ts answers. */
export const OUTBOX_SYNC_TAG = 'speedway-outbox';
