import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server accepted it: its envelope, its bytes and the parsed mail. */
export interface ReceivedMail {
  /** The envelope's MAIL FROM ('' for a null sender). */
  from: string;
  /** The envelope's RCPT TO addresses (Bcc included: they are not in the headers). */
  to: string[];
  raw: string;
  /** Parsed with `cid:` links kept, so a test can match inline images to their attachments. */
  mail: ParsedMail;
}

interface LoopbackSmtpOptions {
  /** Refuses a recipient at RCPT TO with 550 when it returns true. */
  refuseRecipient?: (address: string) => boolean;
  /**
   * Called with each message before it is accepted: a thrown error (or rejected promise) refuses
   * it with the error's `responseCode` (say 451, try again later), and a pending promise holds
   * the sender's DATA until it settles.
   */
  beforeAccept?: (message: ReceivedMail) => void | Promise<void>;
}

export interface LoopbackSmtp {
  port: number;
  /** What `createMailer({ smtpUrl })` takes. */
  url: string;
  /** Every accepted message, in order; a test may empty it (`inbox.length = 0`). */
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port, no TLS, no authentication) that keeps each
 * message it accepts. A message is in `inbox` before the sender hears it was accepted, so once
 * the app marks its mail sent (`mailSettled`), the test can read it.
 */
export async function startLoopbackSmtp(options: LoopbackSmtpOptions = {}): Promise<LoopbackSmtp> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address)) {
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        void simpleParser(raw, { keepCidLinks: true })
          .then(async (mail) => {
            const message: ReceivedMail = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: raw.toString('utf8'),
              mail,
            };
            await options.beforeAccept?.(message);
            inbox.push(message);
          })
          .then(
            () => callback(),
            (err: Error) => callback(err),
          );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
