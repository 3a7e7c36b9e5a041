import { describe, expect, it } from 'vitest';
import { announcementBody, valuesOf, type AnnouncementValues } from './announcement-form-values';

const values: AnnouncementValues = {
  message: '  Serverunderhåll i kväll.  ',
  level: 'warning',
  active: true,
  dismissible: false,
  expires: '',
};

describe('announcementBody', () => {
  it('sends the trimmed message and no expiry when the field is empty', () => {
    expect(announcementBody(values).data).toEqual({
      message: 'Serverunderhåll i kväll.',
      level: 'warning',
      active: true,
      dismissible: false,
      expiresAt: null,
    });
  });

  it('needs a message to activate, but not to save an inactive announcement', () => {
    expect(announcementBody({ ...values, message: '   ' }).errors).toEqual({
      message: 'Meddelandet måste fyllas i för att kunna aktiveras.',
    });
    expect(announcementBody({ ...values, message: '', active: false }).data?.message).toBe('');
  });

  it('sends the expiry as an ISO timestamp, and refuses one that is not a date', () => {
    const local = '2030-06-01T18:30';
    expect(announcementBody({ ...values, expires: local }).data?.expiresAt).toBe(
      new Date(local).toISOString(),
    );
    expect(announcementBody({ ...values, expires: '2030-13-45T99:99' }).errors).toEqual({
      expiresAt: 'Ogiltigt utgångsdatum.',
    });
    // A half-typed date: the input's value is empty but the browser reports bad input.
    expect(announcementBody({ ...values, expires: '' }, { badInput: true }).errors).toEqual({
      expiresAt: 'Ogiltigt utgångsdatum.',
    });
  });
});

it('fills the form from the saved announcement, the expiry in local time', () => {
  const expiresAt = new Date('2030-06-01T18:30').toISOString();
  expect(
    valuesOf({
      id: '0b9c3f7e-2a51-4d6b-9d3e-5a1c2b3d4e5f',
      version: 2,
      message: 'Hej',
      level: 'error',
      active: true,
      dismissible: false,
      expiresAt,
      updatedAt: expiresAt,
    }),
  ).toEqual({
    message: 'Hej',
    level: 'error',
    active: true,
    dismissible: false,
    expires: '2030-06-01T18:30',
  });
  expect(valuesOf(undefined)).toMatchObject({ active: false, dismissible: true, expires: '' });
});
