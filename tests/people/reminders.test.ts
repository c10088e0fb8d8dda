import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

const FIELDS = [
  'id',
  'recipient_id',
  'recipient_name',
  'occasion',
  'type',
  'title',
  'event_date',
  'days_before',
  'is_active',
  'last_sent_at',
  'next_occurrence',
].sort();

/** Next yearly occurrence of a month-day from today (UTC), computed independently of the service. */
function nextYearly(monthDay: string): string {
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const candidate = `${year}-${monthDay}`;
  return candidate >= today ? candidate : `${year + 1}-${monthDay}`;
}

describe('reminders API', () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let sam: number; // alice's recipient with a birthday and anniversary
  let noDates: number; // alice's recipient without dates
  let bobsRecipient: number;

  appForSuite({}, async (booted) => {
    app = booted;
    alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'A' });
    bob = await createUser(app.strapi, { first_name: 'Bob', last_name: 'B' });
    const mk = async (user: TestUser, body: object) =>
      (await app.http().post('/api/recipients/').set(user.auth).send(body)).body.id;
    sam = await mk(alice, { first_name: 'Sam', last_name: 'Jones', birthday: '1990-03-14', anniversary: '2015-06-20' });
    noDates = await mk(alice, { first_name: 'Nia' });
    bobsRecipient = await mk(bob, { first_name: 'Secret', birthday: '1985-01-01' });
  });

  const post = (user: TestUser, body: unknown) =>
    app
      .http()
      .post('/api/reminders/')
      .set(user.auth)
      .send(body as object);

  describe('create', () => {
    it('takes a birthday from the recipient and computes the next occurrence', async () => {
      const res = await post(alice, { recipient_id: sam, type: 'birthday', occasion: 'birthday' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(FIELDS);
      expect(res.body).toMatchObject({
        recipient_id: sam,
        recipient_name: 'Sam Jones',
        occasion: 'birthday',
        type: 'birthday',
        title: "Sam Jones's birthday",
        event_date: '1990-03-14',
        days_before: null,
        is_active: true,
        last_sent_at: null,
        next_occurrence: nextYearly('03-14'),
      });
      const got = await app.http().get(`/api/reminders/${res.body.id}`).set(alice.auth);
      expect(got.body).toEqual(res.body);
    });

    it('takes an anniversary from the recipient, with its own title and days', async () => {
      const res = await post(alice, {
        recipient_id: String(sam),
        type: 'anniversary',
        title: 'Wedding day',
        days_before: [1, 14, 7, 7],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        event_date: '2015-06-20',
        title: 'Wedding day',
        days_before: [14, 7, 1],
        next_occurrence: nextYearly('06-20'),
      });
    });

    it('keeps an explicit date over the recipient record', async () => {
      const res = await post(alice, { recipient_id: sam, type: 'birthday', event_date: '1990-12-01' });
      expect(res.body.event_date).toBe('1990-12-01');
    });

    it('creates a custom one-off reminder without a recipient', async () => {
      const future = `${new Date().getUTCFullYear() + 1}-07-04`;
      const res = await post(alice, {
        type: 'custom',
        title: 'Party',
        event_date: future,
        occasion: 'congratulations',
        is_active: false,
        days_before: [],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        recipient_id: null,
        recipient_name: '',
        type: 'custom',
        event_date: future,
        next_occurrence: future,
        is_active: false,
        days_before: [],
        occasion: 'congratulations',
      });
      const past = await post(alice, { type: 'custom', event_date: '2001-01-01' });
      expect(past.body).toMatchObject({ title: 'Reminder', next_occurrence: null });
    });
  });

  describe('validation', () => {
    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      ["someone else's recipient", () => ({ recipient_id: bobsRecipient, type: 'birthday' }), 'recipient_id'],
      ['a recipient that does not exist', () => ({ recipient_id: 987654, type: 'birthday' }), 'recipient_id'],
      ['a recipient id that is not a number', () => ({ recipient_id: 'abc', type: 'birthday' }), 'recipient_id'],
      ['a huge recipient id', () => ({ recipient_id: 1e30, type: 'birthday' }), 'recipient_id'],
      ['a recipient id beyond any column', () => ({ recipient_id: 3_000_000_000, type: 'birthday' }), 'recipient_id'],
      ['a recipient id as a list', () => ({ recipient_id: [1], type: 'birthday' }), 'recipient_id'],
      ['an unknown occasion', () => ({ recipient_id: sam, occasion: 'no-such-day' }), 'occasion'],
      ['an unknown type', () => ({ recipient_id: sam, type: 'wake' }), 'type'],
      ['a custom reminder without a date', () => ({ type: 'custom', title: 'x' }), 'event_date'],
      ['a birthday the recipient lacks', () => ({ recipient_id: noDates, type: 'birthday' }), 'event_date'],
      ['an impossible date', () => ({ type: 'custom', event_date: '2025-02-30' }), 'event_date'],
      ['days out of range', () => ({ recipient_id: sam, days_before: [400] }), 'days_before'],
      ['negative days', () => ({ recipient_id: sam, days_before: [-1] }), 'days_before'],
      ['fractional days', () => ({ recipient_id: sam, days_before: [1.5] }), 'days_before'],
      ['days as a string', () => ({ recipient_id: sam, days_before: '7' }), 'days_before'],
      ['too many days', () => ({ recipient_id: sam, days_before: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }), 'days_before'],
      ['is_active as a string', () => ({ recipient_id: sam, is_active: 'yes' }), 'is_active'],
      ['a title too long', () => ({ recipient_id: sam, title: 't'.repeat(201) }), 'title'],
    ];
    it.each(cases)('rejects %s on its field', async (_name, body, field) => {
      const res = await post(alice, body());
      expect(res.status).toBe(400);
      expect(res.body[field]).toEqual([expect.any(String)]);
    });

    it("says someone else's recipient does not exist, exactly like a missing one", async () => {
      const theirs = await post(alice, { recipient_id: bobsRecipient, type: 'birthday' });
      const missing = await post(alice, { recipient_id: 987654, type: 'birthday' });
      expect(theirs.body.recipient_id[0]).toBe(`Invalid pk "${bobsRecipient}" - object does not exist.`);
      expect(missing.body.recipient_id[0]).toBe('Invalid pk "987654" - object does not exist.');
    });

    it('rejects a body that is not an object', async () => {
      const res = await app
        .http()
        .post('/api/reminders/')
        .set(alice.auth)
        .send('"text"')
        .set('Content-Type', 'application/json');
      expect(res.status).toBe(400);
    });
  });

  describe('update and delete', () => {
    it('patches fields and re-checks references', async () => {
      const created = await post(alice, { recipient_id: sam, type: 'birthday' });
      const id = created.body.id;
      const patched = await app
        .http()
        .patch(`/api/reminders/${id}/`)
        .set(alice.auth)
        .send({ days_before: [3], is_active: false, title: 'Sam!' });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        days_before: [3],
        is_active: false,
        title: 'Sam!',
        event_date: '1990-03-14',
      });
      const theirs = await app
        .http()
        .patch(`/api/reminders/${id}/`)
        .set(alice.auth)
        .send({ recipient_id: bobsRecipient });
      expect(theirs.status).toBe(400);
      expect(theirs.body.recipient_id).toEqual([expect.any(String)]);
      const reset = await app
        .http()
        .patch(`/api/reminders/${id}/`)
        .set(alice.auth)
        .send({ days_before: null, type: 'anniversary', event_date: null });
      expect(reset.status).toBe(200);
      expect(reset.body).toMatchObject({ days_before: null, type: 'anniversary', event_date: '2015-06-20' });
      const unknown = await app.http().patch(`/api/reminders/${id}/`).set(alice.auth).send({ occasion: 'nope' });
      expect(unknown.status).toBe(400);
      const toCustom = await app
        .http()
        .patch(`/api/reminders/${id}/`)
        .set(alice.auth)
        .send({ type: 'custom', recipient_id: null, event_date: null });
      expect(toCustom.status).toBe(400);
      expect(toCustom.body.event_date).toEqual(['This field is required.']);
      const after = await app.http().get(`/api/reminders/${id}/`).set(alice.auth);
      expect(after.body).toMatchObject({ type: 'anniversary', recipient_id: sam });
    });

    it('deletes a reminder', async () => {
      const created = await post(alice, { recipient_id: sam });
      expect(created.body.type).toBe('birthday');
      const del = await app.http().delete(`/api/reminders/${created.body.id}/`).set(alice.auth);
      expect(del.status).toBe(204);
      expect((await app.http().get(`/api/reminders/${created.body.id}/`).set(alice.auth)).status).toBe(404);
      expect((await app.http().delete(`/api/reminders/${created.body.id}/`).set(alice.auth)).status).toBe(404);
    });
  });

  describe('ownership, auth and listing', () => {
    it('answers 401 to anonymous callers on every route', async () => {
      for (const res of [
        await app.http().get('/api/reminders/'),
        await app.http().post('/api/reminders/').send({}),
        await app.http().get('/api/reminders/1/'),
        await app.http().patch('/api/reminders/1/').send({}),
        await app.http().delete('/api/reminders/1/'),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      }
    });

    it("treats another user's reminder as missing", async () => {
      const created = await post(bob, { recipient_id: bobsRecipient });
      expect(created.status).toBe(201);
      const id = created.body.id;
      for (const res of [
        await app.http().get(`/api/reminders/${id}/`).set(alice.auth),
        await app.http().patch(`/api/reminders/${id}/`).set(alice.auth).send({ title: 'mine now' }),
        await app.http().delete(`/api/reminders/${id}/`).set(alice.auth),
        await app.http().get('/api/reminders/x1/').set(alice.auth),
        await app.http().patch('/api/reminders/99999999999/').set(alice.auth).send({}),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Not found.' });
      }
      expect((await app.http().get(`/api/reminders/${id}/`).set(bob.auth)).body.title).toBe("Secret's birthday");
    });

    it('lists only the caller’s reminders, paginated', async () => {
      const cat = await createUser(app.strapi, { first_name: 'Cat' });
      const year = new Date().getUTCFullYear() + 1;
      for (let i = 1; i <= 5; i++) {
        expect((await post(cat, { type: 'custom', event_date: `${year}-0${i}-01`, title: `R${i}` })).status).toBe(201);
      }
      const page1 = await app.http().get('/api/reminders/?page_size=2').set(cat.auth);
      expect(page1.status).toBe(200);
      expect(page1.body).toMatchObject({ count: 5, previous: null });
      expect(page1.body.results.map((r: any) => r.title)).toEqual(['R1', 'R2']);
      const page3 = await app.http().get('/api/reminders/?page_size=2&page=3').set(cat.auth);
      expect(page3.body.results.map((r: any) => r.title)).toEqual(['R5']);
      expect(page3.body.next).toBeNull();
      const bobs = await app.http().get('/api/reminders/').set(bob.auth);
      expect(bobs.body.results.every((r: any) => r.recipient_id === bobsRecipient)).toBe(true);
    });
  });
});
