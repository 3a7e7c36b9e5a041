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

export const verificationMail = (to: string, url: string): Mail =>
  layout(
    to,
    'Bekräfta din e-postadress – Speedway Elitserien',
    [
      'Hej!',
      'Bekräfta din e-postadress för att kunna logga in i Speedway Elitserien – Professionellt Matchprotokoll.',
    ],
    { url, label: 'Bekräfta e-postadress' },
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
