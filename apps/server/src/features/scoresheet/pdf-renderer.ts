import { access, constants } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';
import { AppError } from '../../lib/errors';

// HTML → PDF through Debian's Chromium (ADR 011): one browser per process, started on the first
// PDF and kept; each PDF gets its own page, closed afterwards; a few at a time, the rest wait.

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
export const PDF_UNAVAILABLE =
  'PDF kan inte skapas på den här servern just nu (Chromium saknas). Skriv ut protokollet från webbläsaren i stället.';

export interface PdfRenderer {
  /** The PDF of a whole HTML document (its own CSS sets the page size and margins). */
  render(html: string): Promise<Buffer>;
  close(): Promise<void>;
}

export interface PdfRendererOptions {
  executablePath?: string;
  /** PDFs rendered at once; more wait their turn. */
  concurrency?: number;
}

function unavailable(): AppError {
  return new AppError(503, 'PDF_UNAVAILABLE', PDF_UNAVAILABLE);
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
  const concurrency = options.concurrency ?? 2;
  let browser: Promise<Browser> | null = null;
  let running = 0;
  const waiting: (() => void)[] = [];
  let closed = false;

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

  async function slot(): Promise<() => void> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    return () => {
      running -= 1;
      waiting.shift()?.();
    };
  }

  return {
    async render(html) {
      if (closed) throw unavailable();
      const release = await slot();
      try {
        const page = await (await browserOnce()).newPage({ javaScriptEnabled: false });
        try {
          await page.setContent(html, { waitUntil: 'load' });
          return await page.pdf({ preferCSSPageSize: true, printBackground: true });
        } finally {
          await page.close();
        }
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      const open = browser;
      browser = null;
      if (open) await (await open.catch(() => null))?.close();
    },
  };
}
