import { createHash } from 'node:crypto';

// The PDFs this instance has rendered, by the document they were made from. A sheet's HTML is a
// pure function of what it shows (scoresheet.service.ts, packages/scoresheet), so the same
// document gives the same PDF: the blank sheet of an official match that many users fetch before
// a match night, or a protocol downloaded again unchanged, costs Chromium one render (about
// 0.3 s of CPU each), not one per request. Renders of one document at the same moment share one.
// Per instance, since nothing in it can go stale: a changed protocol is another document.

export interface RenderedPdfs {
  /** The PDF of `html`: remembered, being made, or made now by `make`. */
  get(html: string, make: () => Promise<Buffer>): Promise<Buffer>;
}

export function renderedPdfs(maxBytes: number): RenderedPdfs {
  /** Insertion order is use order: the first key is the least recently used. */
  const kept = new Map<string, Buffer>();
  const making = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  function keep(key: string, pdf: Buffer) {
    if (pdf.length > maxBytes) return;
    kept.set(key, pdf);
    bytes += pdf.length;
    for (const [oldest, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= old.length;
    }
  }

  return {
    get(html, make) {
      const key = createHash('sha256').update(html).digest('base64url');
      const pdf = kept.get(key);
      if (pdf) {
        kept.delete(key);
        kept.set(key, pdf);
        return Promise.resolve(pdf);
      }
      const pending = making.get(key);
      if (pending) return pending;
      const made = make()
        .then((result) => {
          keep(key, result);
          return result;
        })
        .finally(() => making.delete(key));
      making.set(key, made);
      return made;
    },
  };
}
