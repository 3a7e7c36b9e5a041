// A mail sink for bench/cluster.sh: an SMTP server on loopback that accepts every message and
// appends one JSON line per message to a file ({ "to": [...], "subject": "...", "at": ms }), so
// that bench/cluster-check.mjs can count what the app instances' job workers sent, and to whom.
// Nothing is delivered. It speaks the part of SMTP nodemailer uses without TLS or AUTH (EHLO,
// MAIL, RCPT, DATA, RSET, NOOP, QUIT), with no dependency.
//
//   node bench/smtp-sink.mjs PORT FILE
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const [port, file] = process.argv.slice(2);
if (!port || !file) {
  console.error('usage: node bench/smtp-sink.mjs PORT FILE');
  process.exit(2);
}

/** The Subject header, its folded lines joined; encoded words left as they are. */
const subjectOf = (message) =>
  /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(message)?.[1].replace(/\r?\n[ \t]/g, ' ') ?? '';

const server = net.createServer((socket) => {
  socket.setEncoding('utf8');
  let buffer = '';
  let recipients = [];
  let message = null; // the DATA being received, or null between commands
  const reply = (line) => socket.write(`${line}\r\n`);
  reply('220 speedway-smtp-sink');
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (;;) {
      if (message !== null) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        message += buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        appendFileSync(
          file,
          `${JSON.stringify({ to: recipients, subject: subjectOf(message), at: Date.now() })}\n`,
        );
        message = null;
        recipients = [];
        reply('250 OK: kept');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol === -1) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 speedway-smtp-sink');
      else if (verb === 'MAIL') {
        recipients = [];
        reply('250 OK');
      } else if (verb === 'RCPT') {
        recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 OK');
      } else if (verb === 'DATA') {
        message = '';
        // What follows the DATA line in the same chunk is the message itself.
        buffer = `\r\n${buffer}`;
        reply('354 End with <CRLF>.<CRLF>');
      } else if (verb === 'RSET') {
        recipients = [];
        reply('250 OK');
      } else if (verb === 'NOOP') reply('250 OK');
      else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('502 Command not implemented');
    }
  });
  socket.on('error', () => undefined);
});

server.listen(Number(port), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
