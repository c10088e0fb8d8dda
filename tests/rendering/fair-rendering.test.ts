// Rendering is shared by every shopper: one user's big print-at-home batch must not starve another's
// preview (round robin between owners), and the public e-card page answers from a cached render.
import { startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { design, q } from '../fulfilment/helpers';
import type { MemoryRenderer } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/memory-renderer';

let app: TestApp;
/** Renders at once (SERVICE_RENDER_PAGES): the fair queue hands out that many turns at a time. */
const PAGES = 2;
type Rendering = {
  cardPdf(input: { canvasData: unknown; insideMessage?: string }, options?: { owner?: string }): Promise<Buffer>;
  previewPng(canvasData: unknown, options?: { width?: number; owner?: string }): Promise<Buffer>;
  provider(): unknown;
};
const rendering = () => app.strapi.plugin('greeting-cards').service('rendering') as unknown as Rendering;

beforeAll(async () => {
  app = await startApp({
    SERVICE_SEED_SAMPLE_DATA: 'false',
    SERVICE_RENDERER: 'memory',
    SERVICE_RENDER_PAGES: String(PAGES),
  });
});
afterAll(async () => {
  await app?.stop();
});

describe('fair rendering', () => {
  it("another shopper's preview is drawn within a bounded number of renders during a 500-card batch", async () => {
    const finished: string[] = [];
    const batch = Array.from({ length: 500 }, (_, i) =>
      rendering()
        .cardPdf({ canvasData: design(`bulk ${i}`), insideMessage: 'Happy birthday' }, { owner: 'user:1' })
        .then(() => finished.push(`bulk ${i}`)),
    );
    // The other shopper turns up while the batch is being drawn.
    while (finished.length < 5) await new Promise((r) => setImmediate(r));
    const arrivedAfter = finished.length;
    const other = rendering()
      .previewPng(design('someone else'), { width: 300, owner: 'user:2' })
      .then(() => finished.push('other'));
    await Promise.all([...batch, other]);
    expect(finished).toHaveLength(501);
    // Round robin between owners: at most the batch's renders in hand (one per page) and one more go first.
    expect(finished.indexOf('other') - arrivedAfter).toBeLessThanOrEqual(PAGES + 1);
    // The batch itself keeps its own order.
    const bulk = finished.filter((f) => f !== 'other');
    expect(bulk).toEqual(Array.from({ length: 500 }, (_, i) => `bulk ${i}`));
  });

  it('a failing render does not stall the queue', async () => {
    const bad = rendering()
      .cardPdf({ canvasData: 'not a design' }, { owner: 'user:3' })
      .then(
        () => 'resolved',
        () => 'rejected',
      );
    const good = rendering().previewPng(design('fine'), { owner: 'user:3' });
    expect(['resolved', 'rejected']).toContain(await bad);
    expect((await good).subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('the public e-card page answers from a cached render', () => {
  it('draws the design once, however often the page is viewed', async () => {
    const { strapi } = app;
    const user = await createUser(strapi);
    const card = await createCard(strapi, user, {
      title: 'Cached card',
      canvas_data: design(`cached ${Date.now()}`),
      inside_message: 'Hello',
    });
    const recipient = await createRecipient(strapi, user, { email: 'cached@example.test' });
    const order = await q(strapi, 'order').create({
      data: { uuid: `cache-${Date.now()}`, user: user.id, status: 'fulfilled', paid_at: new Date() },
    });
    const item = await q(strapi, 'order-item').create({
      data: { order: order.id, card: card.id, recipient: recipient.id, delivery_method: 'ecard' },
    });
    const token = `cached-view-token-${Date.now()}`;
    await q(strapi, 'delivery').create({
      data: { order_item: item.id, status: 'sent', sent_at: new Date(), view_token: token },
    });

    const provider = rendering().provider() as MemoryRenderer;
    const drawn = () => provider.calls.filter((c) => c.method === 'designSvg').length;
    const before = drawn();
    for (let i = 0; i < 5; i += 1) {
      const res = await app.http().get(`/cards/view/${token}/`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('cached ');
      expect(res.text).toContain('<svg role="img"');
    }
    expect(drawn() - before).toBe(1);
    expect((await q(strapi, 'delivery').findOne({ where: { view_token: token } })).view_count).toBe(5);
  });
});
