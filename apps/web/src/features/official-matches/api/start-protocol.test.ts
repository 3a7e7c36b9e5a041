import { describe, expect, it } from 'vitest';
import { protocolIdOf } from './start-protocol';

describe('protocolIdOf', () => {
  it('reads match_id, id or matchId, in that order', () => {
    expect(protocolIdOf({ match_id: 'a', id: 'b' })).toBe('a');
    expect(protocolIdOf({ id: 'b', matchId: 'c' })).toBe('b');
    expect(protocolIdOf({ matchId: 'c' })).toBe('c');
    expect(protocolIdOf({ matchId: 42 })).toBe('42');
    expect(protocolIdOf({ id: '' })).toBeNull();
    expect(protocolIdOf(null)).toBeNull();
    expect(protocolIdOf('ok')).toBeNull();
  });
});
