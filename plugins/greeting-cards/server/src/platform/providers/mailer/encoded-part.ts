import type { MailAttachment } from './types';

// An e-card carries its picture inline, and nodemailer encodes each attachment for every message through
// a stream: base64 a chunk at a time and a regular expression wrapping the lines (in a profile of 1,000
// e-cards, about 5 % of the Strapi process's time with its transforms). Here the attachment's whole MIME
// part (its headers, a blank line, the base64 body in lines of 76 characters) is written in one go,
// exactly as nodemailer writes it (tests/unit/encoded-part.test.ts compares the two byte for byte), and
// handed to nodemailer as the part's `raw` content, which it sends as it is. A part whose picture comes
// again (a thousand copies of one card) is encoded once.

/** Names nodemailer writes bare (no quoting, no RFC 2231 encoding); anything else is left to nodemailer. */
const TOKEN = /^[A-Za-z0-9_.-]{1,64}$/;
const MIME_TYPE = /^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*$/;
const LINE_BYTES = 57; // 76 base64 characters

/** The base64 alphabet as byte values. */
const ALPHABET = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 'latin1');
const PAD = 61; // '='

/**
 * `head` then the base64 of `content` in lines of 76 characters joined by CRLF, no line break after the
 * last, in one buffer. The characters are written straight into that buffer: no string is made on the
 * way. (A string per line, as before, was 105 MB of short-lived strings over a 1,000-e-card send, 14 % of
 * what the Strapi process allocated; a string of the whole picture, before that, grew its memory.)
 */
export function base64Lines(content: Buffer, head = ''): Buffer {
  const n = content.length;
  const chars = Math.ceil(n / 3) * 4;
  const breaks = Math.max(0, Math.ceil(n / LINE_BYTES) - 1);
  const out = Buffer.allocUnsafe(Buffer.byteLength(head, 'latin1') + chars + breaks * 2);
  let at = out.write(head, 0, 'latin1');
  for (let from = 0; from < n; from += LINE_BYTES) {
    if (from > 0) {
      out[at++] = 13;
      out[at++] = 10;
    }
    const end = Math.min(from + LINE_BYTES, n);
    let i = from;
    for (; i + 3 <= end; i += 3) {
      const bits = (content[i] << 16) | (content[i + 1] << 8) | content[i + 2];
      out[at++] = ALPHABET[bits >>> 18];
      out[at++] = ALPHABET[(bits >>> 12) & 63];
      out[at++] = ALPHABET[(bits >>> 6) & 63];
      out[at++] = ALPHABET[bits & 63];
    }
    // The last one or two bytes (only ever at the end of the picture: a line is 57 bytes, 19 groups).
    if (i < end) {
      const second = i + 1 < end ? content[i + 1] : 0;
      const bits = (content[i] << 16) | (second << 8);
      out[at++] = ALPHABET[bits >>> 18];
      out[at++] = ALPHABET[(bits >>> 12) & 63];
      out[at++] = i + 1 < end ? ALPHABET[(bits >>> 6) & 63] : PAD;
      out[at++] = PAD;
    }
  }
  return out;
}

/**
 * The attachment's MIME part as nodemailer would write it inside a message, or null when nodemailer
 * should write it itself (a name it would quote or encode, custom headers, a text part).
 */
export function encodedPart(attachment: MailAttachment): Buffer | null {
  const { filename, contentType, cid } = attachment;
  if (!TOKEN.test(filename) || !MIME_TYPE.test(contentType) || /^(text|message|multipart)\//.test(contentType))
    return null;
  if (cid !== undefined && !TOKEN.test(cid)) return null;
  const inline = Boolean(cid) && contentType.startsWith('image/');
  const headers =
    `Content-Type: ${contentType}; name=${filename}\r\n` +
    (cid ? `Content-ID: <${cid}>\r\n` : '') +
    'Content-Transfer-Encoding: base64\r\n' +
    `Content-Disposition: ${inline ? 'inline' : 'attachment'}; filename=${filename}\r\n\r\n`;
  return base64Lines(attachment.content, headers);
}

/** How many bytes of encoded parts (and the pictures they were made from) are kept for reuse. */
const CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Encoded parts kept by the attachment's `key`, most recently used last. A part is reused only for the
 * very same bytes (compared, not assumed from the key), so a picture drawn again under the same key is
 * encoded again.
 */
export function encodedPartCache(limit = CACHE_BYTES) {
  const parts = new Map<string, { content: Buffer; part: Buffer }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = parts.get(key);
    if (!entry) return;
    parts.delete(key);
    bytes -= entry.content.length + entry.part.length;
  };
  return {
    get(attachment: MailAttachment): Buffer | null {
      if (!attachment.key) return encodedPart(attachment);
      const key = `${attachment.key}\n${attachment.filename}\n${attachment.contentType}\n${attachment.cid ?? ''}`;
      const known = parts.get(key);
      if (known && known.content.equals(attachment.content)) {
        parts.delete(key);
        parts.set(key, known);
        return known.part;
      }
      drop(key);
      const part = encodedPart(attachment);
      if (!part) return null;
      const size = attachment.content.length + part.length;
      if (size > limit / 4) return part;
      while (bytes + size > limit && parts.size) drop(parts.keys().next().value as string);
      parts.set(key, { content: attachment.content, part });
      bytes += size;
      return part;
    },
    get size() {
      return parts.size;
    },
  };
}
