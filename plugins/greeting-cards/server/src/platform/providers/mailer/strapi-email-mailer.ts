import type { Core } from '@strapi/strapi';
import fs from 'fs/promises';
import path from 'path';
import crypto from 'crypto';
import type { Mailer, MailMessage, SentMail } from './types';
import { isDevelopmentOrTest } from '../../config/settings';
import { encodedPartCache } from './encoded-part';

/** The parts of nodemailer's answer we read (the stream transport puts the raw message in `message`). */
type NodemailerInfo = { messageId?: string; message?: unknown };

/**
 * Sends through Strapi's email plugin (nodemailer provider: SMTP in production, a real SMTP server on
 * 127.0.0.1 in tests). When the host configured nodemailer's stream transport (no SMTP_HOST in
 * development), each message is also written to a mailbox folder that the development mailbox page lists,
 * so the whole journey can be followed without an SMTP server.
 */
export function createStrapiEmailMailer(
  strapi: Core.Strapi,
  options: { defaultFrom: string; mailboxDir: string },
): Mailer {
  const emailConfig = strapi.config.get('plugin::email') as
    { provider?: string; providerOptions?: { streamTransport?: unknown } } | undefined;
  const providerOptions = emailConfig?.providerOptions ?? {};
  const mailboxMode = Boolean(providerOptions.streamTransport);
  // nodemailer takes an attachment's MIME part ready-made (`raw`): encoded here once per picture
  // (encoded-part.ts). Other providers get the bytes (`content`) only.
  const nodemailer = ['nodemailer', '@strapi/provider-email-nodemailer'].includes(emailConfig?.provider ?? '');
  const parts = encodedPartCache();

  return {
    async send(message: MailMessage): Promise<SentMail> {
      if (mailboxMode && !isDevelopmentOrTest()) {
        throw new Error('E-mail is not configured: set SMTP_HOST (and SMTP_PORT, SMTP_USER, SMTP_PASS).');
      }
      const info = (await strapi
        .plugin('email')
        .service('email')
        .send({
          to: message.to,
          from: message.from ?? options.defaultFrom,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => {
            const raw = nodemailer ? parts.get(a) : null;
            return {
              filename: a.filename,
              content: a.content,
              contentType: a.contentType,
              cid: a.cid,
              ...(raw ? { raw } : {}),
            };
          }),
          headers: message.headers,
          ...(message.messageId ? { messageId: message.messageId } : {}),
        })) as NodemailerInfo | undefined;
      const messageId: string = info?.messageId ?? `<${crypto.randomUUID()}@greeting-cards>`;
      if (!mailboxMode) return { messageId };
      return { messageId, storedAt: await storeInMailbox(strapi, options.mailboxDir, message, info) };
    },
  };
}

async function storeInMailbox(
  strapi: Core.Strapi,
  mailboxDir: string,
  message: MailMessage,
  info: NodemailerInfo | undefined,
): Promise<string> {
  const dir = path.resolve(strapi.dirs.app.root, mailboxDir);
  await fs.mkdir(dir, { recursive: true });
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`;
  const raw: Buffer | undefined = Buffer.isBuffer(info?.message) ? info.message : undefined;
  if (raw) await fs.writeFile(path.join(dir, `${id}.eml`), raw);
  const summary = {
    id,
    date: new Date().toISOString(),
    to: message.to,
    from: message.from,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.content.length,
    })),
  };
  await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(summary, null, 2));
  return path.join(dir, `${id}.json`);
}
