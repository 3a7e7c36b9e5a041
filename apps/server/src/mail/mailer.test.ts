import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { verificationMail } from './templates';

describe('mail without SMTP_URL', () => {
  it('writes each mail with its link to the server log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mailer = createMailer({ from: 'test@example.se', log: pino(sink) });
    const link = 'http://localhost:3000/auth/verify-email?token=abc123';
    await mailer.send(verificationMail('ny@example.se', link));
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; mail: { to: string } });
    expect(logged).toHaveLength(1);
    // The link, for the developer; the address, never (only its domain).
    expect(logged[0]!.mail.to).toBe('*@example.se');
    expect(lines.join('')).not.toContain('ny@example.se');
    expect(logged[0]!.msg).toContain(link);
  });
});
