import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(WEB, file));

/** A PNG's width and height, from its IHDR chunk (always the first, at byte 16). */
function pngSize(data: Buffer): string {
  expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(data.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return `${data.readUInt32BE(16)}x${data.readUInt32BE(20)}`;
}

type Icon = { src: string; sizes: string; type: string; purpose: string };

describe('installable', () => {
  const manifest = JSON.parse(read('public/manifest.webmanifest').toString()) as {
    icons: Icon[];
  };

  it('lists PNG icons of 192 and 512 px, and a maskable 512 px one, in the sizes stated', () => {
    expect(manifest.icons.map(({ sizes, type, purpose }) => [sizes, type, purpose])).toEqual([
      ['192x192', 'image/png', 'any'],
      ['512x512', 'image/png', 'any'],
      ['512x512', 'image/png', 'maskable'],
    ]);
    for (const icon of manifest.icons) expect(pngSize(read(`public${icon.src}`))).toBe(icon.sizes);
  });

  it('gives iOS a 180 px apple-touch-icon', () => {
    expect(read('index.html').toString()).toContain(
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
    );
    expect(pngSize(read('public/apple-touch-icon.png'))).toBe('180x180');
  });
});
