import { createHash } from 'node:crypto';
import { Lru } from '../../lib/lru';

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
  /** Bounded by their bytes, the least recently used forgotten first. */
  const kept = new Lru<string, Buffer>(maxBytes, (pdf) => pdf.length);
  const making = new Map<string, Promise<Buffer>>();

  return {
    get(html, make) {
      const key = createHash('sha256').update(html).digest('base64url');
      const pdf = kept.get(key);
      if (pdf) return Promise.resolve(pdf);
      const pending = making.get(key);
      if (pending) return pending;
      const made = make()
        .then((result) => {
          kept.set(key, result);
          return result;
        })
        .finally(() => making.delete(key));
      making.set(key, made);
      return made;
    },
  };
}
