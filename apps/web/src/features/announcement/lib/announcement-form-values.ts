import {
  AnnouncementBodySchema,
  type Announcement,
  type AnnouncementLevel,
} from '@speedway/contracts';
import { format } from 'date-fns';
import { validate } from '@/lib/form';

/** The editor's fields; the expiry as a datetime-local value in the admin's own time zone. */
export type AnnouncementValues = {
  message: string;
  level: AnnouncementLevel;
  active: boolean;
  dismissible: boolean;
  expires: string;
};

export function valuesOf(a: Announcement | undefined): AnnouncementValues {
  const expires = a?.expiresAt ? new Date(a.expiresAt) : null;
  return {
    message: a?.message ?? '',
    level: a?.level ?? 'info',
    active: a?.active ?? false,
    dismissible: a?.dismissible ?? true,
    expires:
      expires && !Number.isNaN(expires.getTime()) ? format(expires, "yyyy-MM-dd'T'HH:mm") : '',
  };
}

/**
 * The PUT body, checked with the server's schema (docs/spec/2-matches-protocols-admin.md §5): an
 * active announcement needs a message; the expiry must be a date (`badInput`: the browser holds a
 * half-typed one) and is sent as an ISO timestamp; empty means none.
 */
export function announcementBody(values: AnnouncementValues, { badInput = false } = {}) {
  const local = values.expires.trim();
  const parsed = local === '' ? null : new Date(local);
  const expiresAt =
    badInput || (parsed !== null && Number.isNaN(parsed.getTime()))
      ? 'ogiltigt'
      : (parsed?.toISOString() ?? null);
  return validate(AnnouncementBodySchema, {
    message: values.message,
    level: values.level,
    active: values.active,
    dismissible: values.dismissible,
    expiresAt,
  });
}
