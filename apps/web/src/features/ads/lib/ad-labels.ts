import type { Ad, AdModerationStatus, AdPackage, AdStatus, Role } from '@speedway/contracts';
import type { AdAction } from '../api/moderate-ad';

export const PACKAGE_LABELS: Record<AdPackage, string> = {
  bronze: 'Brons',
  silver: 'Silver',
  gold: 'Guld',
  platinum: 'Platina',
};

export const STATUS_LABELS: Record<AdStatus, string> = { active: 'Aktiv', paused: 'Pausad' };

export const MODERATION_LABELS: Record<AdModerationStatus, string> = {
  pending: 'Väntar',
  approved: 'Godkänd',
  rejected: 'Avvisad',
};

export const ACTION_LABELS: Record<AdAction, string> = {
  approve: 'Godkänn',
  reject: 'Avvisa',
  pause: 'Pausa',
  activate: 'Aktivera',
  delete: 'Ta bort',
};

const percent = new Intl.NumberFormat('sv-SE', { style: 'percent', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('sv-SE');

/** Clicks per impression as a percentage ('2,5 %'); '–' before the first impression. */
export function formatCtr(ctr: number | null): string {
  return ctr === null ? '–' : percent.format(ctr);
}

export function formatCount(value: number): string {
  return count.format(value);
}

/**
 * The actions a role gets on an ad, besides editing (docs/spec/2-matches-protocols-admin.md §2,
 * §4): only a super_admin moderates; approve unless approved, reject unless rejected, pause an
 * active ad or activate a paused one, and delete.
 */
export function actionsFor(ad: Pick<Ad, 'status' | 'moderation_status'>, role: Role): AdAction[] {
  if (role !== 'super_admin') return [];
  const actions: AdAction[] = [];
  if (ad.moderation_status !== 'approved') actions.push('approve');
  if (ad.moderation_status !== 'rejected') actions.push('reject');
  actions.push(ad.status === 'active' ? 'pause' : 'activate');
  actions.push('delete');
  return actions;
}
