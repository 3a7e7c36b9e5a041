import { describe, expect, it } from 'vitest';
import { actionsFor, formatCtr } from './ad-labels';

describe('actionsFor', () => {
  it('gives a club_admin nothing but the edit link', () => {
    expect(actionsFor({ status: 'active', moderation_status: 'pending' }, 'club_admin')).toEqual(
      [],
    );
    expect(actionsFor({ status: 'active', moderation_status: 'pending' }, 'user')).toEqual([]);
  });

  it('offers a super_admin each moderation unless the ad is already in that state', () => {
    expect(actionsFor({ status: 'active', moderation_status: 'pending' }, 'super_admin')).toEqual([
      'approve',
      'reject',
      'pause',
      'delete',
    ]);
    expect(actionsFor({ status: 'active', moderation_status: 'approved' }, 'super_admin')).toEqual([
      'reject',
      'pause',
      'delete',
    ]);
    expect(actionsFor({ status: 'paused', moderation_status: 'rejected' }, 'super_admin')).toEqual([
      'approve',
      'activate',
      'delete',
    ]);
  });
});

it('formats the click-through rate as a percentage', () => {
  expect(formatCtr(null)).toBe('–');
  expect(formatCtr(0.025).replace(/\s/g, ' ')).toBe('2,5 %');
});
