// Types for the part of mailparser that the tests use (the captured e-mails). The project has no
// @types/mailparser; these follow its shapes, so the day it is a dev dependency this file is deleted.
declare module 'mailparser' {
  import type { Readable } from 'stream';

  export interface EmailAddress {
    address?: string;
    name: string;
    group?: EmailAddress[];
  }

  export interface AddressObject {
    value: EmailAddress[];
    html: string;
    text: string;
  }

  export interface StructuredHeader {
    value: string;
    params: Record<string, string>;
  }

  export type HeaderValue = string | string[] | AddressObject | Date | StructuredHeader;

  export type Headers = Map<string, HeaderValue>;

  export interface Attachment {
    type: 'attachment';
    content: Buffer;
    contentType: string;
    contentDisposition: string;
    filename?: string;
    headers: Headers;
    checksum: string;
    size: number;
    contentId?: string;
    cid?: string;
    related: boolean;
  }

  export interface ParsedMail {
    attachments: Attachment[];
    headers: Headers;
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    cc?: AddressObject | AddressObject[];
    bcc?: AddressObject | AddressObject[];
    replyTo?: AddressObject;
    date?: Date;
    messageId?: string;
    inReplyTo?: string;
    references?: string | string[];
    html: string | false;
    text?: string;
    textAsHtml?: string;
  }

  export function simpleParser(source: Readable | Buffer | string): Promise<ParsedMail>;
}
