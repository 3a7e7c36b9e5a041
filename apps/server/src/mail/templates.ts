import type { Mail } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  to: string,
  subject: string,
  lines: string[],
  link: { url: string; label: string },
): Mail {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', '— Speedway Elitserien'].join('\n');
  const html = `<!doctype html><html lang="sv"><body style="font-family:system-ui,sans-serif;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#b91c1c;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#555;font-size:13px">Fungerar inte knappen? Kopiera länken: ${escapeHtml(link.url)}</p>
<p>— Speedway Elitserien</p></body></html>`;
  return { to, subject, text, html };
}

/** When and from which device something was asked for, e.g. '23 november 2026 kl. 10:42 (UTC) från Chrome på Windows'. */
export function requestedLine(at: Date, from: string | null): string {
  const when = new Intl.DateTimeFormat('sv-SE', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `Begäran gjordes ${when} (UTC)${from ? ` från ${from}` : ''}.`;
}

export const verificationMail = (
  to: string,
  url: string,
  requested?: { at: Date; from: string | null; registration: boolean },
): Mail =>
  layout(
    to,
    'Bekräfta din e-postadress – Speedway Elitserien',
    [
      'Hej!',
      'Bekräfta din e-postadress för att kunna logga in i Speedway Elitserien – Professionellt Matchprotokoll.',
      ...(requested
        ? [
            requestedLine(requested.at, requested.from),
            ...(requested.registration
              ? [
                  'Länken aktiverar kontot med lösenordet som valdes vid just den registreringen. Klicka bara om det var du som registrerade dig då; annars kan du bortse från mejlet.',
                ]
              : []),
          ]
        : []),
    ],
    { url, label: 'Bekräfta e-postadress' },
  );

export const revertEmailMail = (to: string, url: string, newEmail: string, at: Date): Mail =>
  layout(
    to,
    'E-postadressen för ditt konto har ändrats – Speedway Elitserien',
    [
      'Hej!',
      `E-postadressen för ditt konto i Speedway Elitserien har ändrats från ${to} till ${newEmail}.`,
      requestedLine(at, null),
      'Var det inte du? Klicka på knappen så återställs adressen till den här, alla inloggningar avslutas och du kan välja ett nytt lösenord. Länken gäller i sju dagar.',
    ],
    { url, label: 'Ångra ändringen' },
  );

export type NoticeKind =
  'password_changed' | 'two_factor_enabled' | 'two_factor_disabled' | 'account_deleted';

const NOTICES: Record<NoticeKind, { subject: string; line: string }> = {
  password_changed: {
    subject: 'Ditt lösenord har ändrats – Speedway Elitserien',
    line: 'Lösenordet för ditt konto har ändrats, och dina andra inloggningar har avslutats.',
  },
  two_factor_enabled: {
    subject: 'Tvåfaktorsautentisering är aktiverad – Speedway Elitserien',
    line: 'Tvåfaktorsautentisering har aktiverats för ditt konto. Inloggning kräver nu en kod från din autentiseringsapp.',
  },
  two_factor_disabled: {
    subject: 'Tvåfaktorsautentisering är avstängd – Speedway Elitserien',
    line: 'Tvåfaktorsautentisering har stängts av för ditt konto. Inloggning kräver nu bara lösenordet.',
  },
  account_deleted: {
    subject: 'Ditt konto är borttaget – Speedway Elitserien',
    line: 'Ditt konto och alla dina protokoll har tagits bort.',
  },
};

/** A security notice: something changed on the account, with what to do if it was not the owner. */
export const noticeMail = (to: string, kind: NoticeKind, at: Date, url: string): Mail =>
  layout(
    to,
    NOTICES[kind].subject,
    [
      'Hej!',
      NOTICES[kind].line,
      requestedLine(at, null),
      kind === 'account_deleted'
        ? 'Var det inte du? Kontot går inte att återställa, men du kan registrera dig igen med samma adress.'
        : 'Var det inte du? Välj ett nytt lösenord direkt; det avslutar alla inloggningar.',
    ],
    { url, label: kind === 'account_deleted' ? 'Till startsidan' : 'Välj nytt lösenord' },
  );

export const resetMail = (to: string, url: string): Mail =>
  layout(
    to,
    'Återställ ditt lösenord – Speedway Elitserien',
    [
      'Hej!',
      'Någon (förhoppningsvis du) bad om att återställa lösenordet för ditt konto.',
      'Länken gäller i en timme och kan bara användas en gång. Har du inte bett om detta kan du bortse från mejlet.',
    ],
    { url, label: 'Välj nytt lösenord' },
  );

export const alreadyRegisteredMail = (to: string, forgotUrl: string): Mail =>
  layout(
    to,
    'Du har redan ett konto – Speedway Elitserien',
    [
      'Hej!',
      'Någon försökte registrera ett nytt konto med din e-postadress, men du har redan ett konto.',
      'Logga in som vanligt. Har du glömt lösenordet kan du välja ett nytt.',
    ],
    { url: forgotUrl, label: 'Återställ lösenord' },
  );
