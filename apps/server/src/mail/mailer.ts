import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers (e.g. List-Unsubscribe on notification mail). A prepared value is sent as it
   * is, never folded (a folded URL would break in mail programs).
   */
  headers?: Record<string, string | { prepared: true; value: string }>;
};
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * The recipient as a log line may show it: the domain only. Logs outlive a deleted account and
 * are read by more people than the database; an address has no place in them.
 */
export const loggedRecipient = (to: string) => `*@${to.split('@').pop() ?? ''}`;

/**
 * SMTP_URL set: real mail over SMTP. Unset: every mail, with its links, is written to the
 * server log so that a developer can follow them.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        log.info(
          { mail: { to: loggedRecipient(mail.to), subject: mail.subject } },
          `E-post (ej skickad, SMTP_URL saknas):\n${mail.text}`,
        );
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
      log.info({ mail: { to: loggedRecipient(mail.to), subject: mail.subject } }, 'E-post skickad');
    },
    close: () => transport.close(),
  };
}
