import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyPart, setKeyPartSecret } from './rate-limiter';

const hmac = (secret: string, value: string) =>
  createHmac('sha256', createHash('sha256').update(`speedway:rate-limit-keys:${secret}`).digest())
    .update(value)
    .digest('hex')
    .slice(0, 24);

describe('keyPart', () => {
  it('is the keyed hash of its value, asked once or many times, and follows a new secret', () => {
    setKeyPartSecret('första hemligheten');
    for (let i = 0; i < 3; i++)
      expect(keyPart('10.0.0.1')).toBe(hmac('första hemligheten', '10.0.0.1'));
    expect(keyPart('10.0.0.2')).toBe(hmac('första hemligheten', '10.0.0.2'));
    setKeyPartSecret('andra hemligheten');
    expect(keyPart('10.0.0.1')).toBe(hmac('andra hemligheten', '10.0.0.1'));
  });
});
