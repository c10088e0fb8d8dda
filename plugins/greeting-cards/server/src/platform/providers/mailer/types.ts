export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Content-ID for inline images referenced as cid:... in the HTML body. */
  cid?: string;
  /**
   * Names the content for reuse of its encoded MIME part between messages (a stored picture's hash):
   * the part is reused only for the same bytes, so a key never has to be unique to them.
   */
  key?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  from?: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
  /** A fixed Message-ID (with angle brackets): a resend after a crash then reads as the same message. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** Where a development mailbox stored the message, when one is used. */
  storedAt?: string;
}

/** Sends e-mail. Default: Strapi's email plugin. A failure throws; callers retry. */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}
