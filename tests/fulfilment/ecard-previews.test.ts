// The e-card e-mail's picture is the preview made when the card's design last changed: a card whose
// preview is current goes out without a new render, one whose design changed after its preview is drawn
// fresh, and either way the picture is the card's current front. Real Chromium, real SMTP; renders are
// counted by the renderer's own counters.
import fs from 'fs';
import path from 'path';
import { startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { decodePng, pixelAt } from '../helpers/png';
import { deliveryHeader, fulfilment, q } from './helpers';
import type { PuppeteerRenderer } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/puppeteer-renderer';

let app: TestApp;
let smtp: SmtpCapture;
type Rendering = { provider(): PuppeteerRenderer };
const rendering = () => app.strapi.plugin('greeting-cards').service('rendering') as unknown as Rendering;
const cardPreviews = () =>
  app.strapi.plugin('greeting-cards').service('cardPreviews') as unknown as { refreshNow(id: number): Promise<string> };
const drawn = () => rendering().provider().stats().designPng;

const front = (background: string, text: string) => ({
  version: '7.0.0',
  background,
  objects: [
    { type: 'textbox', text, left: 120, top: 300, width: 1400, fontSize: 120, fill: '#FFFFFF', fontFamily: 'Georgia' },
  ],
});

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startApp({
    ...smtp.env,
    SERVICE_SEED_SAMPLE_DATA: 'false',
    SERVICE_RENDERER: 'puppeteer',
    SERVICE_PUBLIC_URL: 'https://cards.example.test',
    SERVICE_RENDER_PAGES: '2',
  });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
});

/** A card with its preview rendered as a save leaves it; returns the buyer and the card row. */
async function savedCard(canvas: unknown) {
  const user = await createUser(app.strapi);
  const card = await createCard(app.strapi, user, {
    title: 'Preview card',
    status: 'ordered',
    canvas_data: canvas,
    design_revision: 1,
  });
  expect(await cardPreviews().refreshNow(card.id)).toBe('rendered');
  return { user, card: await q(app.strapi, 'card').findOne({ where: { id: card.id } }) };
}

/** Pays for one e-card of the card (rows as payment completion leaves them) and waits for its e-mail's picture. */
async function sendOne(user: { id: number }, cardId: number, email: string): Promise<Buffer> {
  const recipient = await createRecipient(app.strapi, user, { email });
  const order = await q(app.strapi, 'order').create({
    data: { uuid: `preview-${Date.now()}-${email}`, user: user.id, status: 'paid', paid_at: new Date() },
  });
  const item = await q(app.strapi, 'order-item').create({
    data: { order: order.id, card: cardId, recipient: recipient.id, delivery_method: 'ecard' },
  });
  const delivery = await q(app.strapi, 'delivery').create({
    data: {
      order_item: item.id,
      status: 'pending',
      view_token: `preview-token-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  await fulfilment(app.strapi).startOrder(order.id);
  await fulfilment(app.strapi).drain();
  const [mail] = await smtp.waitFor((m) => deliveryHeader(m) === String(delivery.id), 1);
  const picture = mail.attachments.find((a) => a.cid === 'card-front' || a.contentId === '<card-front>');
  expect(picture).toBeDefined();
  return picture!.content;
}

const previewFile = (url: string) => fs.readFileSync(path.join(app.strapi.dirs.static.public, url));

describe("the e-card's picture", () => {
  it('is the stored preview, sent without a new render, when the preview is current', async () => {
    const { user, card } = await savedCard(front('#1E6B3A', `Current ${Date.now()}`));
    expect(Number(card.preview_revision)).toBe(1);
    const before = drawn();
    const png = await sendOne(user, card.id, 'current@example.test');
    expect(drawn() - before).toBe(0);
    expect(png.equals(previewFile(card.preview_url))).toBe(true);
    expect(pixelAt(decodePng(png), 3, 3).slice(0, 3)).toEqual([0x1e, 0x6b, 0x3a]);
  });

  it('is drawn fresh when the design changed after its preview, and shows the new front', async () => {
    const { user, card } = await savedCard(front('#1E6B3A', `Before ${Date.now()}`));
    // The design changes (its revision bumped, as every canvas_data write does); its preview's render has
    // not run yet.
    await q(app.strapi, 'card').update({
      where: { id: card.id },
      data: { canvas_data: front('#7A1F2B', `After ${Date.now()}`), design_revision: 2 },
    });
    const before = drawn();
    const png = await sendOne(user, card.id, 'changed@example.test');
    expect(drawn() - before).toBe(1);
    expect(png.equals(previewFile(card.preview_url))).toBe(false);
    expect(pixelAt(decodePng(png), 3, 3).slice(0, 3)).toEqual([0x7a, 0x1f, 0x2b]);
    // The render at send time is the preview's too: bringing the card's preview up to date draws nothing more.
    expect(await cardPreviews().refreshNow(card.id)).toBe('rendered');
    expect(drawn() - before).toBe(1);
  });
});
