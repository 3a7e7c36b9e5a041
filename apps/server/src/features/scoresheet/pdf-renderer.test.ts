import { describe, expect, it } from 'vitest';
import { createPdfRenderer, PDF_UNAVAILABLE } from './pdf-renderer';

const doc = (n: number) => `<!doctype html><html><body><p>Sida ${n}</p></body></html>`;

describe('createPdfRenderer', () => {
  it('answers 503 in Swedish when Chromium is missing', async () => {
    const renderer = createPdfRenderer({ executablePath: '/nonexistent/chromium' });
    await expect(renderer.render(doc(1))).rejects.toMatchObject({
      statusCode: 503,
      code: 'PDF_UNAVAILABLE',
      message: PDF_UNAVAILABLE,
    });
    await renderer.close();
  });

  it('renders several PDFs on one browser, one page at a time, and refuses after close', async () => {
    const renderer = createPdfRenderer({ concurrency: 1 });
    const pdfs = await Promise.all([1, 2, 3].map((n) => renderer.render(doc(n))));
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await renderer.close();
    await expect(renderer.render(doc(4))).rejects.toMatchObject({ statusCode: 503 });
  });
});
