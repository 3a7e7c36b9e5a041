import { liveSnapshotOf, type LiveLink, type LiveSnapshot } from '@speedway/contracts';
import { makeMatch } from '@/testing/protocol-data';

export const LIVE_TOKEN = 'dGVzdC10b2tlbi10ZXN0LXRva2VuLXRlc3QtdG9rZW4tdA';

/** What the server sends for a protocol with heats 1…heatsDone ridden (as live-snapshot.ts). */
export function makeSnapshot(heatsDone: number): LiveSnapshot {
  return liveSnapshotOf(makeMatch({ heatsDone }), heatsDone + 1);
}

export function makeLiveLink(): LiveLink {
  return {
    token: LIVE_TOKEN,
    url: `http://localhost/live/${LIVE_TOKEN}`,
    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
    created_at: '2026-11-21T17:00:00.000Z',
  };
}

/** EventSource for jsdom (which has none): the test plays the server's events. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  emit(type: string, data: unknown, id?: string) {
    this.dispatchEvent(
      new MessageEvent(type, {
        data: typeof data === 'string' ? data : JSON.stringify(data),
        lastEventId: id,
      }),
    );
  }

  /** The server answered with an error status: the browser gives the stream up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.opened.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }
}
