import { access, constants } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';
import { AppError, tooManyRequests } from '../../lib/errors';
import { renderedPdfs } from './rendered-pdfs';

// HTML → PDF through Debian's Chromium (ADR 011): one browser per process, started on the first
// PDF and kept; each PDF gets its own browser context and page, closed afterwards; a few at a
// time, the rest wait their turn, taken round the users in turn. A document rendered before is
// answered from memory (rendered-pdfs.ts), without a turn.

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
export const PDF_UNAVAILABLE =
  'PDF kan inte skapas på den här servern just nu (Chromium saknas). Skriv ut protokollet från webbläsaren i stället.';
export const PDF_QUEUE_FULL = 'Du har redan flera PDF:er på väg.';
/** When a user over their share may try again: about a render or two. */
const QUEUE_FULL_RETRY_SECONDS = 5;

/**
 * The only thing the page may show is the document it is given: every request it makes (an
 * image, a stylesheet, a font, a frame; http, https, file or any other scheme) is refused, so
 * that a text that escaped its escaping could still reach neither the network nor the disk. The
 * same rule is also the document's own CSP, for anything the browser would load without asking
 * the route.
 */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'";

export interface PdfRenderer {
  /**
   * The PDF of a whole HTML document (its own CSS sets the page size and margins), for `owner`
   * (the user asking): owners take turns, and one may have at most `perOwner` PDFs on the way
   * (429 beyond).
   */
  render(html: string, owner: string): Promise<Buffer>;
  close(): Promise<void>;
}

export interface PdfRendererOptions {
  executablePath?: string;
  /** PDFs rendered at once; more wait their turn. */
  concurrency?: number;
  /** PDFs one owner may have rendering or waiting at once. */
  perOwner?: number;
  /** Told of every request the page tried to make (refused); for tests. */
  onBlockedRequest?: (url: string) => void;
  /** Bytes of rendered PDFs kept to answer the same document again (default 16 MiB). */
  keptBytes?: number;
}

function unavailable(): AppError {
  return new AppError(503, 'PDF_UNAVAILABLE', PDF_UNAVAILABLE);
}

/** The document with the CSP as the first thing in its head (a meta CSP covers what follows it). */
function withCsp(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (head)
    return (
      html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length)
    );
  return `<!doctype html><head>${meta}</head>${html.replace(/^\s*<!doctype[^>]*>/i, '')}`;
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
  const concurrency = options.concurrency ?? 2;
  const perOwner = options.perOwner ?? 3;
  let browser: Promise<Browser> | null = null;
  let running = 0;
  /** Waiting renders per owner. */
  const waiting = new Map<string, (() => void)[]>();
  /** Renders per owner, running or waiting. */
  const held = new Map<string, number>();
  /** When each owner's latest render started (a serial): the least recently served goes next. */
  const lastStart = new Map<string, number>();
  let serial = 0;
  let closed = false;
  const rendered = renderedPdfs(options.keptBytes ?? 16 * 1024 * 1024);

  async function launch(): Promise<Browser> {
    try {
      await access(executablePath, constants.X_OK);
    } catch {
      throw unavailable();
    }
    const launched = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    });
    // A browser that died (crash, OOM kill) is started again by the next PDF.
    launched.on('disconnected', () => {
      browser = null;
    });
    return launched;
  }

  function browserOnce(): Promise<Browser> {
    if (!browser) {
      browser = launch().catch((error: unknown) => {
        browser = null;
        throw error instanceof AppError ? error : unavailable();
      });
    }
    return browser;
  }

  /** Starts the next waiting render: of the waiting owner served least recently. */
  function next() {
    if (running >= concurrency) return;
    let turn: string | undefined;
    for (const owner of waiting.keys()) {
      if (turn === undefined || (lastStart.get(owner) ?? 0) < (lastStart.get(turn) ?? 0)) {
        turn = owner;
      }
    }
    if (turn === undefined) return;
    const queue = waiting.get(turn)!;
    const start = queue.shift()!;
    if (queue.length === 0) waiting.delete(turn);
    running += 1;
    lastStart.set(turn, ++serial);
    start();
  }

  async function slot(owner: string): Promise<() => void> {
    const count = held.get(owner) ?? 0;
    if (count >= perOwner) throw tooManyRequests(QUEUE_FULL_RETRY_SECONDS, PDF_QUEUE_FULL);
    held.set(owner, count + 1);
    if (running < concurrency && waiting.size === 0) {
      running += 1;
      lastStart.set(owner, ++serial);
    } else {
      await new Promise<void>((resolve) => {
        const queue = waiting.get(owner);
        if (queue) queue.push(resolve);
        else waiting.set(owner, [resolve]);
      });
    }
    return () => {
      running -= 1;
      const left = (held.get(owner) ?? 1) - 1;
      if (left > 0) held.set(owner, left);
      else {
        held.delete(owner);
        lastStart.delete(owner);
      }
      next();
    };
  }

  async function renderNow(html: string, owner: string): Promise<Buffer> {
    const release = await slot(owner);
    try {
      const context = await (await browserOnce()).newContext({ javaScriptEnabled: false });
      try {
        await context.route('**/*', async (route) => {
          const request = route.request();
          options.onBlockedRequest?.(request.url());
          // A page that tries to go elsewhere (a meta refresh) stays where it is: a 204 made
          // here is "no navigation", where a refused one would put an error page in its place.
          if (request.isNavigationRequest() && request.frame().parentFrame() === null) {
            await route.fulfill({ status: 204 });
          } else {
            await route.abort('blockedbyclient');
          }
        });
        const page = await context.newPage();
        await page.setContent(withCsp(html), { waitUntil: 'load' });
        return await page.pdf({ preferCSSPageSize: true, printBackground: true });
      } finally {
        await context.close();
      }
    } finally {
      release();
    }
  }

  return {
    render(html, owner) {
      if (closed) return Promise.reject(unavailable());
      return rendered.get(html, () => renderNow(html, owner));
    },
    async close() {
      closed = true;
      const open = browser;
      browser = null;
      if (open) await (await open.catch(() => null))?.close();
    },
  };
}
