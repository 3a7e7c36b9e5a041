import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/db/embedded';

export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string };

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  // White space between two encoded words is folding, not text (RFC 2047 §6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** A real SMTP server on loopback that keeps what it receives, for tests to read. */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' ')),
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for a mail to `to` (the newest), failing after a few seconds. */
    async waitFor(
      to: string,
      match: (m: ReceivedMail) => boolean = () => true,
    ): Promise<ReceivedMail> {
      const until = Date.now() + 5000;
      for (;;) {
        const found = [...mails].reverse().find((m) => m.to.includes(to) && match(m));
        if (found) return found;
        if (Date.now() > until) throw new Error(`No mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** The first link in a mail whose path starts with `pathPrefix`. */
    link(mail: ReceivedMail, pathPrefix: string): URL {
      const match = new RegExp(
        `https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`,
      ).exec(mail.text);
      if (!match) throw new Error(`No ${pathPrefix} link in mail: ${mail.text}`);
      return new URL(match[0].replace(/&amp;/g, '&'));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
