/**
 * Sending through the account's SMTP server (nodemailer), and composing the raw RFC 5322 message that is sent and
 * appended to Sent or Drafts, so every copy carries the same Message-ID and threading headers.
 */
import type { Logger } from '@chief-of-staff/core';
import type { OutgoingMail } from '../../types/mail.js';
import { describeConnectionError, type ServerAddress } from './connection-errors.js';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  timeoutMs: number;
  allowSelfSignedCertificate: boolean;
}

export interface ComposedMail extends OutgoingMail {
  from: string;
  messageId?: string;
}

export interface SmtpSender {
  /** Transmits the message; resolves with its Message-ID and the raw message as sent. */
  send(mail: ComposedMail): Promise<{ messageId: string; raw: Buffer }>;
  /** Connects and logs in without sending; resolves with a description or throws a precise error. */
  verify(): Promise<string>;
  close(): void;
}

function mailOptions(mail: ComposedMail) {
  return {
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    subject: mail.subject,
    text: mail.bodyText,
    ...(mail.bodyHtml ? { html: mail.bodyHtml } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references && mail.references.length > 0 ? { references: mail.references } : {}),
  };
}

/** The raw message (Bcc left out, as a receiving server would see it). */
export async function composeMessage(mail: ComposedMail): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  return new MailComposer(mailOptions(mail)).compile().build();
}

export function createSmtpSender(settings: SmtpSettings, logger?: Logger): SmtpSender {
  const server: ServerAddress = { protocol: 'SMTP', host: settings.host, port: settings.port, settings: 'mail.smtp' };
  let transport: import('nodemailer').Transporter | undefined;
  const transporter = async () => {
    if (transport) return transport;
    const nodemailer = await import('nodemailer');
    transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.password },
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
      tls: { rejectUnauthorized: !settings.allowSelfSignedCertificate },
    });
    return transport;
  };
  return {
    async send(mail) {
      const raw = await composeMessage(mail);
      try {
        const info = await (await transporter()).sendMail({ envelope: { from: mail.from, to: [...mail.to, ...mail.cc, ...mail.bcc] }, raw });
        // The header written into the raw message is the one recipients, Sent and replies see.
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw.toString('utf8'))?.[1] ?? String(info.messageId ?? '');
        return { messageId, raw };
      } catch (error) {
        logger?.warn({ host: settings.host, port: settings.port, code: (error as { code?: string }).code }, 'SMTP send failed');
        throw describeConnectionError(error, server, 'smtp');
      }
    },
    async verify() {
      try {
        await (await transporter()).verify();
        return `SMTP ${settings.host}:${settings.port} accepts the login`;
      } catch (error) {
        throw describeConnectionError(error, server, 'smtp');
      }
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}
