import { describe, expect, it } from 'vitest';
import { renderedPdfs } from './rendered-pdfs';

const pdf = (size: number, fill: string) => Buffer.alloc(size, fill);

describe('renderedPdfs', () => {
  it('makes a document once, shares a making under way, and makes it again after a failure', async () => {
    const pdfs = renderedPdfs(1_000);
    let made = 0;
    const make = () => Promise.resolve(pdf(10, String(++made)));
    const [a, b] = await Promise.all([pdfs.get('<p>1</p>', make), pdfs.get('<p>1</p>', make)]);
    expect(made).toBe(1);
    expect(b).toBe(a);
    expect(await pdfs.get('<p>1</p>', make)).toBe(a);

    await expect(
      pdfs.get('<p>2</p>', () => Promise.reject(new Error('Chromium died'))),
    ).rejects.toThrow('Chromium died');
    expect((await pdfs.get('<p>2</p>', make)).toString()).toBe('2'.repeat(10));
    expect(made).toBe(2);
  });

  it('keeps at most its bytes, forgetting the least recently used first, and never one larger', async () => {
    const pdfs = renderedPdfs(100);
    let made = 0;
    const make = (size: number) => () => {
      made += 1;
      return Promise.resolve(pdf(size, 'x'));
    };
    await pdfs.get('a', make(40));
    await pdfs.get('b', make(40));
    await pdfs.get('a', make(40)); // used again: b is now the oldest
    await pdfs.get('c', make(40)); // 120 bytes: b goes
    expect(made).toBe(3);
    await pdfs.get('a', make(40));
    await pdfs.get('c', make(40));
    expect(made).toBe(3);
    await pdfs.get('b', make(40));
    expect(made).toBe(4);

    await pdfs.get('huge', make(101));
    await pdfs.get('huge', make(101));
    expect(made).toBe(6);
  });
});
