import { describe, expect, it } from 'vitest';
import { webUrlOf } from './sync-labels';

describe('webUrlOf', () => {
  it('keeps http and https addresses', () => {
    expect(webUrlOf('https://ta.svemo.se/public/pages/x.aspx?CompetitionId=1259')).toBe(
      'https://ta.svemo.se/public/pages/x.aspx?CompetitionId=1259',
    );
    expect(webUrlOf('http://127.0.0.1:4010/a')).toBe('http://127.0.0.1:4010/a');
  });

  it('leaves out a file, a script address and nothing', () => {
    expect(webUrlOf('/srv/official/2026/pir-ham.json')).toBeNull();
    expect(webUrlOf('file:///srv/official/pir-ham.json')).toBeNull();
    expect(webUrlOf('javascript:alert(1)')).toBeNull();
    expect(webUrlOf('')).toBeNull();
    expect(webUrlOf(null)).toBeNull();
  });
});
