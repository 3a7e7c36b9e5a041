import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMatchList } from '../../src/features/official/svemo-ta/match-list-page';

// A stand-in for Svemo TA on loopback, serving real saved pages (and pages derived from them):
// the match list's first page by GET, its second only by the RadGrid post-back with the first
// page's __EVENTTARGET and __VIEWSTATE, scorecards by CompetitionId with ETags, and the faults a
// real server has (slow answers, 500s, no answer at all).

export type Fault = { status500Times?: number; delayMs?: number; hang?: boolean };

export type SeenRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
};

export type TaStandIn = {
  url: string;
  /** The season's list pages, in order. */
  lists: Map<number, string[]>;
  scorecards: Map<number, string>;
  faults: Map<number, Fault>;
  requests: SeenRequest[];
  /** The most requests that were in flight at once. */
  maxInFlight: () => number;
  close: () => Promise<void>;
};

const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;

export async function startTaStandIn(): Promise<TaStandIn> {
  const lists = new Map<number, string[]>();
  const scorecards = new Map<number, string>();
  const faults = new Map<number, Fault>();
  const requests: SeenRequest[] = [];
  const failures = new Map<number, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const hanging = new Set<() => void>();

  const server: Server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      void answer(req, body, res);
    });
  });

  async function answer(req: IncomingMessage, body: string, res: ServerResponse) {
    const url = new URL(req.url!, 'http://stand-in');
    const send = (status: number, html = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(html);
    };
    if (url.pathname.toLowerCase() === '/public/pages/competition/events.aspx') {
      const pages = lists.get(Number(url.searchParams.get('Season')));
      if (!pages) return send(404);
      if (req.method === 'GET') return send(200, pages[0]);
      // A post-back: the next page of the one whose form was posted, and nothing else.
      const form = new URLSearchParams(body);
      const from = pages.findIndex((page) => {
        const next = parseMatchList(page).next;
        return (
          next !== null &&
          form.get('__EVENTTARGET') === next.fields.__EVENTTARGET &&
          form.get('__VIEWSTATE') === next.fields.__VIEWSTATE
        );
      });
      return from >= 0 && pages[from + 1] ? send(200, pages[from + 1]) : send(400, 'bad postback');
    }
    if (url.pathname.toLowerCase().endsWith('/competitionheatschema.aspx')) {
      const id = Number(url.searchParams.get('CompetitionId'));
      const fault = faults.get(id) ?? {};
      if (fault.hang) {
        await new Promise<void>((resolve) => {
          hanging.add(resolve);
          res.on('close', () => resolve());
        });
        return;
      }
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      const failed = failures.get(id) ?? 0;
      if (failed < (fault.status500Times ?? 0)) {
        failures.set(id, failed + 1);
        return send(500, 'Server Error');
      }
      const page = scorecards.get(id);
      if (page === undefined) return send(404, 'Not found');
      const etag = etagOf(page);
      if (req.headers['if-none-match'] === etag) return send(304, '', { etag });
      return send(200, page, { etag });
    }
    send(404);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lists,
    scorecards,
    faults,
    requests,
    maxInFlight: () => maxInFlight,
    close: async () => {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
