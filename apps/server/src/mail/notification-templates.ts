import type { EmailNotificationKind } from '@speedway/contracts';
import type { Mail } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What each kind of mail is called where the one-click link turns it off. */
export const EMAIL_KIND_LABEL: Record<EmailNotificationKind, string> = {
  match_created: 'nya matcher',
  protocol_saved: 'sparade protokoll',
  conflict_detected: 'skillnader mot officiella resultat',
};

const SUBJECT_SUFFIX = ' – Speedway Elitserien';

/**
 * A notification as mail: its title as subject, its text, a button to the page it is about
 * (APP_URL + deeplink) and a one-click link that turns this kind of mail off, also offered to
 * mail programs as List-Unsubscribe with One-Click (RFC 8058).
 */
export function notificationMail(input: {
  to: string;
  kind: EmailNotificationKind;
  title: string;
  body: string;
  url: string;
  optOutUrl: string;
  settingsUrl: string;
}): Mail {
  const label = EMAIL_KIND_LABEL[input.kind];
  const lines = ['Hej!', ...input.body.split('\n').filter((l) => l.trim() !== '')];
  const off = `Vill du inte längre få e-post om ${label}? Stäng av det med ett klick: ${input.optOutUrl}`;
  const text = [
    ...lines,
    '',
    `Öppna i appen: ${input.url}`,
    '',
    '— Speedway Elitserien',
    '',
    off,
    `Alla notisinställningar: ${input.settingsUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="sv"><body style="font-family:system-ui,sans-serif;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:10px 16px;background:#b91c1c;color:#fff;border-radius:6px;text-decoration:none">Öppna i appen</a></p>
<p>— Speedway Elitserien</p>
<hr style="border:none;border-top:1px solid #ddd">
<p style="color:#555;font-size:13px">Vill du inte längre få e-post om ${escapeHtml(label)}? <a href="${escapeHtml(input.optOutUrl)}">Stäng av det med ett klick</a>. Alla inställningar finns under <a href="${escapeHtml(input.settingsUrl)}">Mina sidor → Notiser</a>.</p>
</body></html>`;
  return {
    to: input.to,
    subject: `${input.title}${SUBJECT_SUFFIX}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': { prepared: true, value: `<${input.optOutUrl}>` },
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The page a click on the one-click link answers with (no app, no session needed). */
export function optOutPage(message: string, settingsUrl: string): string {
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>E-postinställning – Speedway Elitserien</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem;margin:3rem auto;padding:0 1rem">
<h1 style="font-size:1.25rem">Speedway Elitserien</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(settingsUrl)}">Till notisinställningarna</a></p>
</body></html>`;
}
