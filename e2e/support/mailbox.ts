import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

/** A real SMTP server on loopback that writes each received mail to a file, for the tests. */
export async function startMailbox(dir: string) {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        n += 1;
        writeFileSync(
          path.join(dir, `${String(n).padStart(4, '0')}.eml`),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`,
        );
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits for the newest mail to `to` that contains `pathPrefix` and returns that link. */
export async function waitForLink(
  to: string,
  pathPrefix: string,
  timeoutMs = 10_000,
): Promise<URL> {
  const dir = process.env.E2E_MAIL_DIR!;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
    for (const f of files) {
      const raw = readFileSync(path.join(dir, f), 'utf8');
      if (!raw.startsWith(`X-Envelope-To: ${to}`)) continue;
      const text = decodeQuotedPrintable(raw);
      const match = new RegExp(
        `https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`,
      ).exec(text);
      if (match) return new URL(match[0].replace(/&amp;/g, '&'));
    }
    if (Date.now() > until) throw new Error(`No mail with ${pathPrefix} to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
