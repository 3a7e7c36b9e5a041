import { TWO_FACTOR_REMOVAL_DELAY_HOURS } from '@speedway/contracts';
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

const SWEDISH_TIME = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Stockholm',
});

/** A moment as a reader in Sweden reads it, e.g. '23 november 2026 kl. 11:42 (svensk tid)'. */
export const swedishTime = (at: Date) => `${SWEDISH_TIME.format(at)} (svensk tid)`;

/** When and from which device something was asked for, e.g. '… kl. 11:42 (svensk tid) från Chrome på Windows'. */
export function requestedLine(at: Date, from: string | null): string {
  return `Begäran gjordes ${swedishTime(at)}${from ? ` från ${from}` : ''}.`;
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

/**
 * To the account's address when a change of it is asked for. The same mail whether or not the new
 * address has an account: the account's owner learns nothing about someone else's address.
 */
export const revertEmailMail = (to: string, url: string, newEmail: string, at: Date): Mail =>
  layout(
    to,
    'E-postadressen för ditt konto har ändrats – Speedway Elitserien',
    [
      'Hej!',
      `E-postadressen för ditt konto i Speedway Elitserien har ändrats från ${to} till ${newEmail}. Bytet gäller när den nya adressen har bekräftats; till dess loggar du in med ${to}.`,
      requestedLine(at, null),
      'Var det inte du? Klicka på knappen så stoppas bytet (eller återställs adressen till den här, om den nya redan har bekräftats), alla inloggningar avslutas och du kan välja ett nytt lösenord. Länken gäller i sju dagar.',
    ],
    { url, label: 'Ångra ändringen' },
  );

export type NoticeKind =
  | 'password_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_removed'
  | 'recovery_code_used'
  | 'recovery_codes_renewed'
  | 'account_deleted';

const NEW_PASSWORD =
  'Var det inte du? Välj ett nytt lösenord direkt; det avslutar alla inloggningar.';

/** 'Ignore' is no advice when someone else turned 2FA on: every way back, in order. */
const TWO_FACTOR_NOT_YOU = [
  'Var det inte du? Då kan någon annan ditt lösenord eller din inloggning. Gör så här:',
  '1. Välj ett nytt lösenord med knappen nedan. Det avslutar alla inloggningar, även den som slog på tvåfaktorsautentiseringen.',
  '2. Har du också fått mejlet om att kontots e-postadress har ändrats: klicka på "Ångra ändringen" i det. Då återställs adressen och tvåfaktorsautentisering som slagits på efter bytet tas bort.',
  `3. Kommer du inte förbi kodsteget när du loggar in: välj "Jag har inte tillgång till min autentiseringsapp". Vi mejlar dig, och efter ${TWO_FACTOR_REMOVAL_DELAY_HOURS} timmar tas tvåfaktorsautentiseringen bort så att du kan logga in med bara lösenordet.`,
];

const NOTICES: Record<NoticeKind, { subject: string; line: string; notYou?: string[] }> = {
  password_changed: {
    subject: 'Ditt lösenord har ändrats – Speedway Elitserien',
    line: 'Lösenordet för ditt konto har ändrats, och dina andra inloggningar har avslutats.',
  },
  two_factor_enabled: {
    subject: 'Tvåfaktorsautentisering är aktiverad – Speedway Elitserien',
    line: 'Tvåfaktorsautentisering har aktiverats för ditt konto. Inloggning kräver nu en kod från din autentiseringsapp.',
    notYou: TWO_FACTOR_NOT_YOU,
  },
  two_factor_disabled: {
    subject: 'Tvåfaktorsautentisering är avstängd – Speedway Elitserien',
    line: 'Tvåfaktorsautentisering har stängts av för ditt konto. Inloggning kräver nu bara lösenordet.',
  },
  two_factor_removed: {
    subject: 'Tvåfaktorsautentisering är borttagen – Speedway Elitserien',
    line: `Tvåfaktorsautentiseringen för ditt konto har tagits bort, ${TWO_FACTOR_REMOVAL_DELAY_HOURS} timmar efter att någon bad om det från inloggningens kodsteg. Inloggning kräver nu bara lösenordet. Du kan slå på den igen under Mina sidor → Säkerhet.`,
  },
  recovery_code_used: {
    subject: 'En återställningskod har använts – Speedway Elitserien',
    line: 'Någon loggade in på ditt konto med en av dina återställningskoder i stället för en kod från autentiseringsappen. Koden kan inte användas igen. Under Mina sidor → Säkerhet kan du skapa nya koder.',
  },
  recovery_codes_renewed: {
    subject: 'Nya återställningskoder – Speedway Elitserien',
    line: 'Nya återställningskoder för tvåfaktorsautentisering har skapats för ditt konto. De gamla koderna fungerar inte längre.',
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
      ...(kind === 'account_deleted'
        ? [
            'Var det inte du? Kontot går inte att återställa, men du kan registrera dig igen med samma adress.',
          ]
        : (NOTICES[kind].notYou ?? [NEW_PASSWORD])),
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

/**
 * 'Jag har inte tillgång till min autentiseringsapp' was chosen at sign-in: 2FA goes when the
 * delay is over unless the owner cancels with the link.
 */
export const twoFactorRemovalMail = (
  to: string,
  url: string,
  requested: { at: Date; from: string | null; due: Date },
): Mail =>
  layout(
    to,
    `Tvåfaktorsautentiseringen tas bort om ${TWO_FACTOR_REMOVAL_DELAY_HOURS} timmar – Speedway Elitserien`,
    [
      'Hej!',
      'Någon loggade in på ditt konto med rätt lösenord och bad sedan om att ta bort tvåfaktorsautentiseringen, eftersom autentiseringsappen inte finns till hands.',
      requestedLine(requested.at, requested.from),
      `Tvåfaktorsautentiseringen tas bort ${swedishTime(requested.due)}. Därefter räcker lösenordet för att logga in, och vi mejlar dig när det är gjort.`,
      'Var det inte du? Avbryt med knappen nedan, och välj sedan ett nytt lösenord via "Glömt lösenord" på inloggningssidan: den som bad om det kan ditt lösenord.',
    ],
    { url, label: 'Avbryt borttagningen' },
  );

/** Someone asked to move another account to this address: its owner hears, the asker does not. */
export const addressInUseMail = (to: string, forgotUrl: string): Mail =>
  layout(
    to,
    'Någon försökte använda din e-postadress – Speedway Elitserien',
    [
      'Hej!',
      'Någon försökte byta e-postadressen för ett annat konto i Speedway Elitserien till din adress. Adressen hör fortfarande till ditt konto, och inget har ändrats.',
      'Var det du? Logga in med kontot som redan har adressen. Har du glömt lösenordet kan du välja ett nytt.',
    ],
    { url: forgotUrl, label: 'Återställ lösenord' },
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
