import { describe, expect, it } from 'vitest';
import {
  findUnsafeInput,
  isSafeText,
  MAX_INPUT_DEPTH,
  scanUnsafeInput,
  unsafeInputMessage,
} from './input-safety';

describe('isSafeText', () => {
  it('accepts ordinary and astral text', () => {
    expect(isSafeText('Målilla – Västervik 😀')).toBe(true);
    expect(isSafeText('')).toBe(true);
  });

  it('refuses NUL and lone surrogates of either kind', () => {
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\ud800b')).toBe(false);
    expect(isSafeText('a\udc00')).toBe(false);
    expect(isSafeText('\ude00\ud83d')).toBe(false);
  });
});

describe('findUnsafeInput', () => {
  it('names the first bad value or key by its path', () => {
    expect(findUnsafeInput({ display_name: 'a\u0000b' }, 'body')).toEqual({
      path: 'body.display_name',
      reason: 'invalid_text',
    });
    expect(
      findUnsafeInput({ lineups: { home: [{ name: 'ok' }, { name: 'x\ud800' }] } }, 'body'),
    ).toEqual({ path: 'body.lineups.home.1.name', reason: 'invalid_text' });
    expect(findUnsafeInput({ ['k\u0000']: 1 }, 'query')).toEqual({
      path: 'query.k\uFFFD',
      reason: 'invalid_text',
    });
    expect(findUnsafeInput('\ud800')?.reason).toBe('invalid_text');
  });

  it('answers the first problem in document order', () => {
    const doc = { a: [{ x: 'ok' }, { x: '\u0000' }], b: [{ y: '\ud800' }] };
    expect(findUnsafeInput(doc, 'body')?.path).toBe('body.a.1.x');
  });

  it('passes clean values of every JSON type', () => {
    expect(findUnsafeInput({ a: [1, true, null, 'å', { b: -2.5 }], c: {} }, 'body')).toBeNull();
    expect(findUnsafeInput(undefined, 'body')).toBeNull();
  });

  it('refuses nesting beyond the limit without overflowing its own stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(findUnsafeInput(deep, 'body')?.reason).toBe('too_deep');
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = [ok];
    expect(findUnsafeInput(ok, 'body')).toBeNull();
    expect(findUnsafeInput([ok], 'body')?.reason).toBe('too_deep');
  });

  it('refuses keys that reach a prototype', () => {
    const proto = JSON.parse('{"a":{"__proto__":{"x":1}}}') as unknown;
    expect(findUnsafeInput(proto, 'body')).toEqual({
      path: 'body.a.__proto__',
      reason: 'forbidden_key',
    });
    const ctor = JSON.parse('{"constructor":{"prototype":{"x":1}}}') as unknown;
    expect(findUnsafeInput(ctor, 'body')?.reason).toBe('forbidden_key');
    expect(findUnsafeInput({ constructor: 'Ford' }, 'body')).toBeNull();
  });

  it('keeps echoed paths short even when the key is huge', () => {
    const problem = findUnsafeInput({ ['k'.repeat(100_000) + '\u0000']: 1 }, 'body')!;
    expect(problem.path.length).toBeLessThan(60);
    expect(unsafeInputMessage(problem)).toMatch(/^Ogiltiga tecken i förfrågan \(body\.k+…\)\.$/);
  });

  it('can be done in parts, with the same answer', () => {
    const doc = { matches: Array.from({ length: 1_000 }, (_, i) => ({ id: `m${i}`, n: i })) };
    doc.matches[900]!.id = 'bad\u0000';
    const scan = scanUnsafeInput(doc, 'body');
    let steps = 1;
    let problem = scan.step(100);
    while (problem === undefined) {
      steps++;
      problem = scan.step(100);
    }
    expect(steps).toBeGreaterThan(10);
    expect(problem).toEqual(findUnsafeInput(doc, 'body'));
    expect(problem).toEqual({ path: 'body.matches.900.id', reason: 'invalid_text' });
    expect(scanUnsafeInput({ a: { b: 'x' } }).step(1)).toBeUndefined();
  });
});
