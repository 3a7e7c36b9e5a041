import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { createPdfRenderer, PDF_QUEUE_FULL, PDF_UNAVAILABLE } from './pdf-renderer';

const doc = (n: number) => `<!doctype html><html><body><p>Sida ${n}</p></body></html>`;

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('createPdfRenderer', () => {
  it('answers 503 in Swedish when Chromium is missing', async () => {
    const renderer = createPdfRenderer({ executablePath: '/nonexistent/chromium' });
    await expect(renderer.render(doc(1), 'a')).rejects.toMatchObject({
      statusCode: 503,
      code: 'PDF_UNAVAILABLE',
      message: PDF_UNAVAILABLE,
    });
    await renderer.close();
  });

  it('renders several PDFs on one browser, one page at a time, and refuses after close', async () => {
    const renderer = createPdfRenderer({ concurrency: 1 });
    const pdfs = await Promise.all([1, 2, 3].map((n) => renderer.render(doc(n), 'a')));
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await renderer.close();
    await expect(renderer.render(doc(4), 'a')).rejects.toMatchObject({ statusCode: 503 });
  });

  it('answers a document it rendered before from memory, and two asking at once share one render', async () => {
    const renderer = createPdfRenderer({ concurrency: 1, perOwner: 1 });
    try {
      const [first, together] = await Promise.all([
        renderer.render(doc(1), 'a'),
        // Another user at the same moment: the render under way, not a turn of their own.
        renderer.render(doc(1), 'b'),
      ]);
      expect(together).toBe(first);
      // Again, beyond the one PDF a user may have on the way: no turn is taken for it.
      expect(
        await Promise.all([renderer.render(doc(1), 'a'), renderer.render(doc(1), 'a')]),
      ).toEqual([first, first]);
      const other = await renderer.render(doc(2), 'a');
      expect(other).not.toBe(first);
      expect(await pdfText(other)).toContain('Sida 2');
    } finally {
      await renderer.close();
    }
  });

  it('takes the users in turn: one user’s many PDFs do not hold up another’s one', async () => {
    const renderer = createPdfRenderer({ concurrency: 1, perOwner: 4 });
    try {
      const done: string[] = [];
      const track = (owner: string, n: number) =>
        renderer.render(doc(n), owner).then(() => done.push(`${owner}${n}`));
      const many = [1, 2, 3, 4].map((n) => track('a', n));
      // The fifth of one user is refused in the error shape, at once; nothing else of theirs is.
      await expect(renderer.render(doc(5), 'a')).rejects.toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: expect.stringContaining(PDF_QUEUE_FULL),
        headers: { 'retry-after': expect.any(String) },
      });
      const one = track('b', 1);
      await Promise.all([...many, one]);
      // a1 was rendering when b1 came; b1 is next, before the rest of a's.
      expect(done).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
      // Their PDFs done, the user may ask again.
      expect((await renderer.render(doc(6), 'a')).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await renderer.close();
    }
  });

  it('lets the page load nothing: no http request leaves, no file is read', async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      received.push(req.url ?? '');
      res
        .writeHead(200, { 'content-type': 'text/css' })
        .end('body::after { content: "NÄTET-SVARADE"; }');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = await mkdtemp(path.join(tmpdir(), 'pdf-file-'));
    const secret = path.join(dir, 'hemlig.html');
    await writeFile(secret, '<p>HEMLIG-FIL-123</p>');
    const css = path.join(dir, 'hemlig.css');
    await writeFile(css, 'body::before { content: "HEMLIG-CSS-456"; }');
    const blocked: string[] = [];
    const renderer = createPdfRenderer({ onBlockedRequest: (url) => blocked.push(url) });
    try {
      const hostile = `<!doctype html><html><head>
        <base href="${origin}/base/">
        <link rel="stylesheet" href="${origin}/style.css">
        <link rel="stylesheet" href="file://${css}">
        <link rel="prefetch" href="${origin}/prefetch">
        <style>
          @import url("${origin}/import.css");
          @font-face { font-family: x; src: url("${origin}/font.woff2"); }
          body { font-family: x; background: url("${origin}/bg.png"); }
        </style>
        <meta http-equiv="refresh" content="0; url=${origin}/refresh">
        </head><body>
        <p>Protokoll</p>
        <img src="${origin}/img.png"><img src="relative.png"><img src="file://${secret}">
        <iframe src="${origin}/frame"></iframe><iframe src="file://${secret}"></iframe>
        <object data="${origin}/object"></object><embed src="${origin}/embed">
        <video poster="${origin}/poster.png"></video><audio src="${origin}/audio.mp3"></audio>
        <script src="${origin}/script.js"></script>
        </body></html>`;
      const pdf = await renderer.render(hostile, 'a');
      const text = await pdfText(pdf);
      expect(text).toContain('Protokoll');
      expect(text).not.toContain('HEMLIG');
      expect(text).not.toContain('NÄTET');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual([]);
      // What the page tried went to the route and was refused there.
      expect(blocked.some((url) => url.startsWith(origin))).toBe(true);
    } finally {
      await renderer.close();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
