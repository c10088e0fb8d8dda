import fs from 'fs';
import path from 'path';
import os from 'os';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';

const mailer = (app: TestApp) => app.strapi.plugin('greeting-cards').service('mailer');

describe('mailer through a real SMTP server', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_DEFAULT_FROM_EMAIL: 'Cards <cards@example.test>',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it('delivers html and text bodies, reply-to and attachments', async () => {
    await mailer(app).send({
      to: 'friend@example.test',
      subject: 'A card from Sam',
      html: '<p>Hello <b>friend</b></p>',
      text: 'Hello friend',
      replyTo: 'sam@example.test',
      attachments: [{ filename: 'card.pdf', content: Buffer.from('%PDF-1.4 test'), contentType: 'application/pdf' }],
    });
    const [mail] = await smtp.waitFor((m) => m.subject === 'A card from Sam');
    expect(mail.text?.trim()).toBe('Hello friend');
    expect(mail.html).toContain('<b>friend</b>');
    expect(mail.replyTo?.text).toBe('sam@example.test');
    expect(mail.from?.text).toContain('cards@example.test');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['card.pdf']);
    expect(mail.attachments[0].content.toString()).toBe('%PDF-1.4 test');
  });

  it('throws when the SMTP server is down, and sends once it is back', async () => {
    await smtp.stop();
    await expect(
      mailer(app).send({ to: 'a@example.test', subject: 'while down', html: '<p>x</p>', text: 'x' }),
    ).rejects.toThrow();
    await smtp.start();
    await mailer(app).send({ to: 'a@example.test', subject: 'after restart', html: '<p>x</p>', text: 'x' });
    await smtp.waitFor((m) => m.subject === 'after restart');
    expect(smtp.messages.filter((m) => m.subject === 'while down')).toHaveLength(0);
  });
});

describe('development mailbox when no SMTP server is configured', () => {
  let app: TestApp;
  const mailbox = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-mailbox-'));
  beforeAll(async () => {
    app = await startApp({ SMTP_HOST: undefined, SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_MAILBOX_DIR: mailbox });
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(mailbox, { recursive: true, force: true });
  });

  it('shows an empty state, then keeps each message and lists it', async () => {
    const empty = await app.http().get('/dev/mailbox/');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('No e-mail yet');
    const sent = await mailer(app).send({
      to: 'friend@example.test',
      subject: 'Kept <locally>',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    expect(fs.existsSync(sent.storedAt)).toBe(true);
    expect(fs.readdirSync(mailbox).some((f) => f.endsWith('.eml'))).toBe(true);
    const list = await app.http().get('/dev/mailbox/');
    expect(list.text).toContain('Kept &lt;locally&gt;');
    const id = /href="\/dev\/mailbox\/([\w-]+)"/.exec(list.text)![1];
    const one = await app.http().get(`/dev/mailbox/${id}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain('friend@example.test');
    expect((await app.http().get('/dev/mailbox/nope')).status).toBe(404);
  });
});
