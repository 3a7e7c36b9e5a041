import { describe, expect, it } from 'vitest';
import { noticeMail, requestedLine, revertEmailMail } from './templates';

describe('times in mails', () => {
  it('are written in Swedish local time (Europe/Stockholm), winter and summer', () => {
    // 00:51 UTC in November is 01:51 in Stockholm (CET); 22:10 UTC in June is 00:10 (CEST).
    expect(requestedLine(new Date('2026-11-28T00:51:00Z'), 'Chrome på Windows')).toBe(
      'Begäran gjordes 28 november 2026 kl. 01:51 (svensk tid) från Chrome på Windows.',
    );
    expect(requestedLine(new Date('2026-06-14T22:10:00Z'), null)).toBe(
      'Begäran gjordes 15 juni 2026 kl. 00:10 (svensk tid).',
    );
    const mails = [
      noticeMail('a@example.se', 'password_changed', new Date('2026-11-28T00:51:00Z'), 'u'),
      revertEmailMail('a@example.se', 'u', 'b@example.se', new Date('2026-11-28T00:51:00Z')),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain('kl. 01:51 (svensk tid)');
      expect(mail.text).not.toContain('UTC');
    }
  });
});

describe('the notice that 2FA was turned on', () => {
  it('says what to do when it was not the owner: new password, undo, recovery by e-mail', () => {
    const mail = noticeMail(
      'a@example.se',
      'two_factor_enabled',
      new Date('2026-11-28T10:00:00Z'),
      'http://app.test/auth/forgot-password',
    );
    expect(mail.text).toContain('Var det inte du?');
    expect(mail.text).toContain('Välj ett nytt lösenord');
    expect(mail.text).toContain('Ångra ändringen');
    expect(mail.text).toContain('Jag har inte tillgång till min autentiseringsapp');
    expect(mail.text).toContain('efter 24 timmar');
    expect(mail.text).toContain('http://app.test/auth/forgot-password');
  });
});
