import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  /** The HTML part (the text stays the alternative for clients that show no HTML). */
  html?: string;
  /** The From display name (the studio's); the address stays MAIL_FROM's. */
  fromName?: string;
  replyTo?: string;
  /** Inline images, referred to from the HTML as `cid:<cid>`. */
  inline?: { cid: string; filename: string; contentType: string; content: Buffer }[];
}

/** MAIL_FROM's address without its display name (`"Name" <a@b>` or a bare address). */
const fromAddress = (mailFrom: string): string => /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();

/** Nodemailer's message: the studio's name on MAIL_FROM's address, inline images as related parts. */
function message(mailFrom: string, mail: OutgoingMail) {
  const { fromName, inline, ...rest } = mail;
  return {
    ...rest,
    from: fromName ? { name: plainSubject(fromName), address: fromAddress(mailFrom) } : mailFrom,
    subject: plainSubject(mail.subject),
    ...(inline?.length ? { attachments: inline.map((a) => ({ ...a, contentDisposition: 'inline' as const })) } : {}),
  };
}

export interface Mailer {
  /** Sends one message; resolves with where it went (SMTP message id or outbox file). */
  send(mail: OutgoingMail): Promise<{ delivered: 'smtp' | 'outbox'; id: string }>;
  close(): void;
}

/**
 * A subject as its words, never as header syntax: line breaks become spaces, and text shaped like
 * an encoded word (`=?utf-8?B?...?=`, which mail clients decode) from a visitor's name is broken
 * apart, so nobody can make a subject say what they did not type.
 */
export const plainSubject = (subject: string): string => subject.replace(/[\r\n]+/g, ' ').replace(/=\?/g, '= ?');

/**
 * A nodemailer transport made on the first message: nodemailer is loaded then, not at start-up
 * (most processes send no mail in their first seconds, many none at all).
 */
function lazyTransport(options: string | Record<string, unknown>) {
  let transport: Promise<Transporter> | undefined;
  let made: Transporter | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => (made = nodemailer.createTransport(options)))),
    close: () => made?.close(),
  };
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: { info(msg: string): void } = console): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      async send(mail) {
        const info = await (await transport.get()).sendMail(message(config.mailFrom, mail));
        return { delivered: 'smtp', id: String(info.messageId) };
      },
      close: transport.close,
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail(message(config.mailFrom, mail));
      await fs.promises.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer);
      log.info(`Mail "${mail.subject}" to ${[mail.to].flat().join(', ')} written to ${file}`);
      return { delivered: 'outbox', id: file };
    },
    close: transport.close,
  };
}
