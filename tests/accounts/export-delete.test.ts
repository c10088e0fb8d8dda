import fs from 'fs';
import path from 'path';
import crypto from 'crypto';
import sharp from 'sharp';
import JSZip from 'jszip';
import { appForSuite, type TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf, orderRow, pendingOrder } from '../helpers/order-fixtures';
import { createAdmin } from '../helpers/admin';
import { webSession } from '../web/session';

// Issue 42 items 4 and 5: "Export my data" and "Delete my account", on the API and the pages. The
// abuse cases come first: anonymous callers, a wrong password, the daily limit, another shopper's data.

const PASSWORD = 'correct-horse-battery';
const GC = (name: string) => `plugin::greeting-cards.${name}`;
const NEXT_WEEK = () => new Date(Date.now() + 7 * 86400_000).toISOString();

async function unzip(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const data = JSON.parse(await zip.file('data.json')!.async('string'));
  return { zip, data };
}

/** supertest's way to get a binary body as a Buffer. */
const binary = (res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('export my data and delete my account', () => {
  let app: TestApp;
  const http = () => app.http();
  const q = (uid: string) => app.strapi.db.query(uid as never);

  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_STRIPE_SECRET_KEY: '',
      SERVICE_RENDERER: 'memory',
      SERVICE_ACCOUNT_EXPORTS_PER_DAY: '2',
    },
    (booted) => {
      app = booted;
    },
  );

  async function uploadPhoto(user: TestUser, colour = '#2E86C1') {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const res = await http().post('/editor/photos/').set(user.auth).attach('photo', jpeg, 'holiday.jpg');
    expect(res.status).toBe(201);
    return res.body.url as string;
  }

  const exportOf = (user: TestUser, password: string | null = PASSWORD) => {
    const req = http().get('/api/me/export/').set(user.auth).buffer(true).parse(binary);
    return password === null ? req : req.set('X-Current-Password', password);
  };

  /** A shopper with a photo, a card, an address book entry and a paid e-card order. */
  async function shopperWithData(marker: string) {
    const user = await createUser(app.strapi, { username: `${marker}_${crypto.randomBytes(3).toString('hex')}` });
    const photoUrl = await uploadPhoto(user);
    await createRecipient(app.strapi, user, {
      first_name: `${marker}Friend`,
      email: `${marker.toLowerCase()}@friends.test`,
    });
    const order = await pendingOrder(app.strapi, http, user, [
      { delivery_method: 'ecard', scheduled_for: NEXT_WEEK() },
    ]);
    const paid = await http().post(`/api/orders/${order.uuid}/pay/`).set(user.auth).send({});
    expect(paid.status).toBe(200);
    return { user, photoUrl, orderUuid: order.uuid as string };
  }

  describe('abuse', () => {
    it('anonymous callers get 401 from the API and the sign-in page from the pages', async () => {
      expect((await http().get('/api/me/export/')).status).toBe(401);
      expect((await http().post('/api/me/export/').send({ password: 'x' })).status).toBe(401);
      expect((await http().delete('/api/me/account/').send({ password: 'x' })).status).toBe(401);
      for (const page of ['/account/export/', '/account/delete/']) {
        const res = await http().get(page);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(`/login/?next=${encodeURIComponent(page)}`);
      }
    });

    it('a missing or wrong password is refused, and nothing is exported or deleted', async () => {
      const user = await createUser(app.strapi);
      const none = await http().get('/api/me/export/').set(user.auth);
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ password: ['Enter your current password to confirm it is you.'] });
      const wrong = await http().post('/api/me/export/').set(user.auth).send({ password: 'not-my-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ password: ['That is not your current password.'] });
      expect(wrong.headers['content-type']).not.toMatch(/zip/);

      const del = await http().delete('/api/me/account/').set(user.auth).set('X-Current-Password', 'nope');
      expect(del.status).toBe(400);
      expect(await q('plugin::users-permissions.user').count({ where: { id: user.id } })).toBe(1);
      expect((await http().get('/api/me/details/').set(user.auth)).status).toBe(200);
    });

    it('the web forms refuse a wrong password, and a post without the CSRF token', async () => {
      const user = await createUser(app.strapi);
      const session = await webSession(app, user);
      const wrong = await http()
        .post('/account/delete/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: session.csrf, password: 'nope', confirm: 'yes' });
      expect(wrong.status).toBe(400);
      expect(wrong.text).toContain('That is not your current password.');
      const forged = await http()
        .post('/account/delete/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ password: PASSWORD, confirm: 'yes' });
      expect(forged.status).toBe(403);
      const unconfirmed = await http()
        .post('/account/delete/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: session.csrf, password: PASSWORD });
      expect(unconfirmed.status).toBe(400);
      expect(await q('plugin::users-permissions.user').count({ where: { id: user.id } })).toBe(1);
    });

    it('a day allows SERVICE_ACCOUNT_EXPORTS_PER_DAY exports per account, not per shop', async () => {
      const user = await createUser(app.strapi);
      const other = await createUser(app.strapi);
      expect((await exportOf(user)).status).toBe(200);
      expect((await exportOf(user)).status).toBe(200);
      const third = await http().get('/api/me/export/').set(user.auth).set('X-Current-Password', PASSWORD);
      expect(third.status).toBe(429);
      expect(third.body.detail).toMatch(/2 times in the last 24 hours/);
      const retryAfter = Number(third.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(86_000);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      expect((await exportOf(other)).status).toBe(200);
    });
  });

  describe('export', () => {
    it('one zip: data.json with the profile, cards, photos, address book and orders, and the photo file; nobody else’s data', async () => {
      const mine = await shopperWithData('Alpha');
      const theirs = await shopperWithData('Omega');
      const res = await exportOf(mine.user);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
      const { zip, data } = await unzip(res.body as Buffer);

      expect(data.format).toBe('greeting-cards-account-export');
      expect(data.sections.profile).toMatchObject({ id: mine.user.id, email: mine.user.email });
      expect(data.sections.orders.map((o: { uuid: string }) => o.uuid)).toEqual([mine.orderUuid]);
      expect(data.sections.orders[0].items[0].snapshot.recipient.first_name).toBe('Ada');
      expect(data.sections.deliveries).toHaveLength(1);
      expect(data.sections.deliveries[0].status).toBe('scheduled');
      expect(data.sections.address_book.map((r: { first_name: string }) => r.first_name)).toContain('AlphaFriend');
      expect(data.sections.cards.length).toBeGreaterThan(0);
      expect(data.sections.cards[0]).toHaveProperty('canvas_data');

      // The photo: listed, and its bytes in the zip are the stored file's.
      expect(data.sections.photos).toHaveLength(1);
      const photo = data.sections.photos[0];
      expect(photo.url).toBe(mine.photoUrl);
      const inZip = await zip.file(photo.file)!.async('nodebuffer');
      const onDisk = fs.readFileSync(path.join(app.strapi.dirs.static.public, mine.photoUrl));
      expect(inZip.equals(onDisk)).toBe(true);
      expect(data.files).toContain(photo.file);

      // Nothing of the other shopper, and no secrets.
      const text = JSON.stringify(data);
      for (const foreign of [theirs.user.email, theirs.orderUuid, 'OmegaFriend', theirs.photoUrl])
        expect(text).not.toContain(foreign);
      for (const secret of ['"password"', '"view_token"', '"resetPasswordToken"', '"confirmationToken"'])
        expect(text).not.toContain(secret);
    });

    it('the page downloads the same zip after the password', async () => {
      const mine = await shopperWithData('Page');
      const session = await webSession(app, mine.user);
      const page = await http().get('/account/export/').set('Cookie', session.cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Download my data');
      const res = await http()
        .post('/account/export/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: session.csrf, password: PASSWORD })
        .buffer(true)
        .parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const { data } = await unzip(res.body as Buffer);
      expect(data.sections.orders[0].uuid).toBe(mine.orderUuid);
    });
  });

  describe('deletion', () => {
    /** Everything deletion touches, for one shopper; a friend signs their group card and they sign the friend's. */
    async function fullShopper() {
      const base = await shopperWithData('Delta');
      const { user } = base;
      const friend = await createUser(app.strapi);
      const recipient = await q(GC('recipient')).findOne({ where: { owner: user.id, first_name: 'DeltaFriend' } });
      await q(GC('recipient-tag')).create({
        data: {
          owner_ref: user.id,
          recipient_ref: recipient.id,
          name: 'Family',
          tag_key: `${user.id}:family`,
          entry_key: `${user.id}:${recipient.id}:family`,
        },
      });
      await q(GC('reminder')).create({
        data: { user: user.id, recipient: recipient.id, type: 'birthday', title: 'Birthday', event_date: '2027-03-01' },
      });
      await q(GC('address-request-link')).create({
        data: { owner: user.id, owner_key: user.id, token: crypto.randomBytes(16).toString('hex') },
      });
      // A card with a preview file of its own.
      const hash = crypto.randomBytes(16).toString('hex');
      const previewUrl = `/uploads/greeting-cards/previews/${hash}.png`;
      const previewFile = path.join(app.strapi.dirs.static.public, previewUrl);
      fs.mkdirSync(path.dirname(previewFile), { recursive: true });
      fs.writeFileSync(
        previewFile,
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      );
      const card = await createCard(app.strapi, user, {
        title: 'For Delta',
        preview_url: previewUrl,
        preview_hash: hash,
      });
      // Their group card (open), and their signature on the friend's.
      const ownGroup = await q(GC('group-card')).create({
        data: {
          uuid: crypto.randomUUID(),
          owner: user.id,
          card: card.id,
          title: 'Leaving do',
          sign_token: crypto.randomBytes(16).toString('hex'),
          status: 'open',
        },
      });
      const friendsGroup = await q(GC('group-card')).create({
        data: {
          uuid: crypto.randomUUID(),
          owner: friend.id,
          title: 'Retirement',
          sign_token: crypto.randomBytes(16).toString('hex'),
          status: 'open',
        },
      });
      const signature = await q(GC('group-signature')).create({
        data: {
          group_card: friendsGroup.id,
          slot_key: crypto.randomUUID(),
          user: user.id,
          display_name: 'Dee',
          message: 'Enjoy!',
        },
      });
      // A posted card already at the printer: in production, not stopped.
      // (Scheduled, so no sender takes it after payment; then moved on as the printer would.)
      const posted = await pendingOrder(app.strapi, http, user, [
        { delivery_method: 'post', scheduled_for: NEXT_WEEK() },
      ]);
      expect((await http().post(`/api/orders/${posted.uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
      const [atPrinter] = await deliveriesOf(app.strapi, posted.uuid);
      await q(GC('delivery')).update({
        where: { id: atPrinter.id },
        data: { status: 'processing', tracking_reference: `PRN-${crypto.randomUUID()}` },
      });
      return {
        ...base,
        friend,
        previewFile,
        ownGroup,
        signature,
        postedUuid: posted.uuid as string,
        atPrinterId: atPrinter.id,
      };
    }

    async function expectGone(s: Awaited<ReturnType<typeof fullShopper>>) {
      const id = s.user.id;
      expect(await q('plugin::users-permissions.user').count({ where: { id } })).toBe(0);
      for (const [uid, where] of [
        [GC('card'), { owner: id }],
        [GC('photo'), { owner: id }],
        [GC('recipient'), { owner: id }],
        [GC('recipient-tag'), { owner_ref: id }],
        [GC('reminder'), { user: id }],
        [GC('address-request-link'), { owner_key: id }],
        [GC('library-entry'), { user: id }],
      ] as const)
        expect([uid, await q(uid).count({ where })]).toEqual([uid, 0]);
      expect(fs.existsSync(path.join(app.strapi.dirs.static.public, s.photoUrl))).toBe(false);
      expect(await q('plugin::upload.file').count({ where: { url: s.photoUrl } })).toBe(0);
      expect(fs.existsSync(s.previewFile)).toBe(false);

      // The old token no longer works, and signing in fails.
      expect((await http().get('/api/me/details/').set(s.user.auth)).status).toBe(401);
      const signIn = await http().post('/api/auth/local').send({ identifier: s.user.email, password: PASSWORD });
      expect(signIn.status).toBe(400);

      // The orders stay, without the personal fields; the scheduled e-card was cancelled and refunded.
      const order = await orderRow(app.strapi, s.orderUuid);
      expect(order).toBeTruthy();
      expect(order.total_pence).toBeGreaterThan(0);
      const [delivery] = await deliveriesOf(app.strapi, s.orderUuid);
      expect(delivery.status).toBe('cancelled');
      const refunds = await q(GC('refund')).findMany({ where: { order_id: order.id } });
      expect(refunds).toHaveLength(1);
      expect(refunds[0].amount_pence).toBe(order.total_pence);
      const items = await q(GC('order-item')).findMany({ where: { order: { id: order.id } } });
      expect(items[0].snapshot.recipient).toBeNull();
      expect(items[0].snapshot.card_title).toBe('[deleted]');
      expect(JSON.stringify(items)).not.toContain('Lovelace');
      // The card at the printer still goes.
      expect((await q(GC('delivery')).findOne({ where: { id: s.atPrinterId } })).status).toBe('processing');
      // Their group card is closed; their signature on the friend's stays, without the account.
      expect((await q(GC('group-card')).findOne({ where: { id: s.ownGroup.id } })).status).toBe('closed');
      const signature = await q(GC('group-signature')).findOne({ where: { id: s.signature.id }, populate: ['user'] });
      expect(signature).toMatchObject({ display_name: 'Dee', message: 'Enjoy!', user: null });
    }

    it('DELETE /api/me/account/ removes everything listed and keeps the orders without personal fields', async () => {
      const s = await fullShopper();
      const res = await http().delete('/api/me/account/').set(s.user.auth).set('X-Current-Password', PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'done', kept_orders: 2 });
      await expectGone(s);
      // The friend's account and group card are untouched.
      expect(await q('plugin::users-permissions.user').count({ where: { id: s.friend.id } })).toBe(1);

      // The kept orders go once SERVICE_ACCOUNTING_RETENTION_YEARS (6) have passed, not before.
      const service = app.strapi.plugin('greeting-cards').service('accountDeletion');
      const inYears = (years: number) => new Date(Date.now() + years * 366 * 86400_000);
      expect(await service.purgeExpired(inYears(5))).toBe(0);
      expect(await orderRow(app.strapi, s.orderUuid)).toBeTruthy();
      expect(await service.purgeExpired(inYears(7))).toBe(2);
      expect(await orderRow(app.strapi, s.orderUuid)).toBeNull();
      expect(await orderRow(app.strapi, s.postedUuid)).toBeNull();
      expect(await service.purgeExpired(inYears(7))).toBe(0);
    });

    it('a deletion cut short is finished by the resume job, and blocks the account meanwhile', async () => {
      const s = await fullShopper();
      const service = app.strapi.plugin('greeting-cards').service('accountDeletion');
      const halfway = await service.run(s.user.id, 'shopper', { until: 'delete_photos' });
      expect(halfway.status).toBe('running');
      expect((await http().get('/api/me/details/').set(s.user.auth)).status).toBe(401);
      expect(await q(GC('card')).count({ where: { owner: s.user.id } })).toBeGreaterThan(0);
      expect(await service.resume()).toBeGreaterThanOrEqual(1);
      await expectGone(s);
      // Asking again answers done and changes nothing.
      expect(await service.run(s.user.id, 'shopper')).toMatchObject({ status: 'done' });
    });

    it('the page lists waiting cards, then deletes after the password and the tick, and signs out', async () => {
      const s = await fullShopper();
      const session = await webSession(app, s.user);
      const page = await http().get('/account/delete/').set('Cookie', session.cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Cards waiting to go out');
      expect(page.text).toContain('Cards being printed or sent');
      const res = await http()
        .post('/account/delete/')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: session.csrf, password: PASSWORD, confirm: 'yes' });
      expect(res.status).toBe(200);
      expect(res.text).toContain('Account deleted');
      expect(String(res.headers['set-cookie'])).toMatch(/gc_session=;/);
      await expectGone(s);
    });

    it('an operator with the accounts.delete action deletes an account; one without it cannot', async () => {
      const s = await fullShopper();
      const without = await createAdmin(app.strapi, http, ['plugin::greeting-cards.orders.read']);
      const refused = await http().post(`/greeting-cards/admin/accounts/${s.user.id}/delete`).set(without.auth);
      expect(refused.status).toBe(403);
      expect(await q('plugin::users-permissions.user').count({ where: { id: s.user.id } })).toBe(1);
      const operator = await createAdmin(app.strapi, http, ['plugin::greeting-cards.accounts.delete']);
      const done = await http().post(`/greeting-cards/admin/accounts/${s.user.id}/delete`).set(operator.auth);
      expect(done.status).toBe(200);
      expect(done.body.status).toBe('done');
      await expectGone(s);
      const again = await http().post(`/greeting-cards/admin/accounts/${s.user.id}/delete`).set(operator.auth);
      expect(again.status).toBe(200);
      expect((await http().post('/greeting-cards/admin/accounts/99999999/delete').set(operator.auth)).status).toBe(404);
    });

    it('exports the account page’s settings and every consent with its wording, and deletion removes them', async () => {
      const mine = await shopperWithData('Consent');
      const patched = await http()
        .patch('/api/me/account/')
        .set(mine.user.auth)
        .send({ preferences: { marketing: true, reminders: false } });
      expect(patched.status).toBe(200);
      const { data } = await unzip((await exportOf(mine.user)).body as Buffer);
      expect(data.sections.account_settings).toHaveLength(1);
      const topics = (data.sections.consents as Array<{ topic: string; granted: boolean; wording: string }>).map(
        (c) => [c.topic, c.granted, typeof c.wording === 'string' && c.wording.length > 10],
      );
      expect(topics).toEqual(
        expect.arrayContaining([
          ['marketing', true, true],
          ['reminders', false, true],
        ]),
      );
      const consents = () => q('plugin::greeting-cards.account-consent').count({ where: { user_id: mine.user.id } });
      expect(await consents()).toBeGreaterThan(0);
      const res = await http().delete('/api/me/account/').set(mine.user.auth).set('X-Current-Password', PASSWORD);
      expect(res.status).toBe(200);
      expect(await consents()).toBe(0);
      expect(await q('plugin::greeting-cards.account-setting').count({ where: { user_id: mine.user.id } })).toBe(0);
    });
  });
});
