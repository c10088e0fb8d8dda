import crypto from 'crypto';
// nodemailer itself (through Strapi's nodemailer provider): what it writes is what the part must equal.
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  base64Lines,
  encodedPart,
  encodedPartCache,
} from '../../plugins/greeting-cards/server/src/platform/providers/mailer/encoded-part';
import type { MailAttachment } from '../../plugins/greeting-cards/server/src/platform/providers/mailer/types';

/** The whole message nodemailer writes, with or without the ready-made part; fixed date, ids and boundaries. */
function compose(attachment: MailAttachment, raw: Buffer | null): Promise<Buffer> {
  const { filename, content, contentType, cid } = attachment;
  const mail = new MailComposer({
    from: 'Shop <shop@example.test>',
    to: 'ann@example.test',
    subject: 'A card for you',
    text: 'Hello',
    html: '<p>Hello <img src="cid:card-front"></p>',
    attachments: [{ filename, content, contentType, cid, ...(raw ? { raw } : {}) }],
    messageId: '<card-delivery-1.abc@example.test>',
    date: new Date('2026-11-29T12:00:00Z'),
    baseBoundary: 'fixed',
    headers: { 'X-Greeting-Card-Delivery': '1' },
  });
  return new Promise((resolve, reject) =>
    mail.compile().build((error: Error | null, message: Buffer) => (error ? reject(error) : resolve(message))),
  );
}

const picture = (size: number) => crypto.randomBytes(size);

describe('the ready-made MIME part of an attachment', () => {
  it.each([0, 1, 2, 3, 56, 57, 58, 76, 1000, 65_536, 123_457])(
    'a %i-byte picture makes the same message nodemailer writes itself',
    async (size) => {
      const attachment: MailAttachment = {
        filename: 'card.png',
        content: picture(size),
        contentType: 'image/png',
        cid: 'card-front',
      };
      const part = encodedPart(attachment);
      expect(part).not.toBeNull();
      expect((await compose(attachment, part)).equals(await compose(attachment, null))).toBe(true);
    },
  );

  it('an attachment without a cid (disposition attachment) and a PDF match too', async () => {
    for (const attachment of [
      { filename: 'card.png', content: picture(5000), contentType: 'image/png' },
      { filename: 'card-1.pdf', content: picture(7777), contentType: 'application/pdf', cid: 'pdf' },
    ]) {
      const part = encodedPart(attachment);
      expect(part).not.toBeNull();
      expect((await compose(attachment, part)).equals(await compose(attachment, null))).toBe(true);
    }
  });

  it('names nodemailer would quote or encode, and text parts, are left to nodemailer', () => {
    const content = picture(10);
    expect(encodedPart({ filename: 'my card.png', content, contentType: 'image/png' })).toBeNull();
    expect(encodedPart({ filename: 'Grüße.png', content, contentType: 'image/png' })).toBeNull();
    expect(encodedPart({ filename: 'card.png', content, contentType: 'image/png', cid: 'a b' })).toBeNull();
    expect(encodedPart({ filename: 'note.txt', content, contentType: 'text/plain' })).toBeNull();
  });

  it('base64 lines are 76 characters, CRLF between them and none after the last', () => {
    const lines = base64Lines(picture(1000)).toString('latin1').split('\r\n');
    expect(lines.slice(0, -1).every((line) => line.length === 76)).toBe(true);
    expect(lines[lines.length - 1].length).toBeGreaterThan(0);
    expect(lines.join('')).toHaveLength(Math.ceil(1000 / 3) * 4);
  });

  it("the characters are Node's own base64 of the picture, at every length of the last group and line", () => {
    for (let size = 0; size <= 240; size += 1) {
      const content = picture(size);
      const written = base64Lines(content, 'head\r\n\r\n').toString('latin1');
      expect(written.startsWith('head\r\n\r\n')).toBe(true);
      expect(written.slice('head\r\n\r\n'.length).replace(/\r\n/g, '')).toBe(content.toString('base64'));
    }
    // Every byte value, in each of the three places of a group.
    const all = Buffer.from(Array.from({ length: 768 }, (_, i) => (i * 7) % 256));
    expect(base64Lines(all).toString('latin1').replace(/\r\n/g, '')).toBe(all.toString('base64'));
  });

  it('a picture that comes again under its key is encoded once; other bytes under the same key are not mistaken for it', () => {
    const cache = encodedPartCache();
    const a = { filename: 'card.png', content: picture(3000), contentType: 'image/png', cid: 'card-front', key: 'k1' };
    const first = cache.get(a);
    expect(cache.get({ ...a, content: Buffer.from(a.content) })).toBe(first);
    const redrawn = { ...a, content: picture(3000) };
    const second = cache.get(redrawn);
    expect(second).not.toBe(first);
    expect(second?.equals(encodedPart(redrawn) as Buffer)).toBe(true);
  });

  it('keeps at most its byte budget', () => {
    const cache = encodedPartCache(100_000);
    for (let i = 0; i < 20; i += 1) {
      cache.get({ filename: 'card.png', content: picture(10_000), contentType: 'image/png', key: `k${i}` });
    }
    // Each entry holds the picture and its part (about 2.35 times the picture): at most four fit.
    expect(cache.size).toBeLessThanOrEqual(4);
    expect(cache.size).toBeGreaterThan(0);
  });
});
