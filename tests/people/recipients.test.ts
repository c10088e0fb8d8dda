import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

const RECIPIENT = 'plugin::greeting-cards.recipient';

const FIELDS = [
  'id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'county',
  'postcode',
  'country',
  'birthday',
  'anniversary',
  'notes',
  'is_system_user',
  'added_by_recipient',
  'time_zone',
  'tags',
  'pending_change',
].sort();

describe('recipients API', () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  appForSuite({}, async (booted) => {
    app = booted;
    alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Zephyr' });
    bob = await createUser(app.strapi, { first_name: 'Bob', last_name: 'Young' });
  });

  const post = (user: TestUser, body: unknown) =>
    app
      .http()
      .post('/api/recipients/')
      .set(user.auth)
      .send(body as object);
  const systemEntries = (userId: number) =>
    app.strapi.db.query(RECIPIENT as any).findMany({ where: { owner: { id: userId }, is_system_user: true } });

  describe('create and read', () => {
    it('creates an entry and returns every field', async () => {
      const res = await post(alice, {
        first_name: ' Sam ',
        last_name: 'Jones',
        email: 'sam@example.test',
        phone: '+44 20 7946 0000',
        address_line_1: '1 High Street',
        city: 'London',
        postcode: 'sw1a1aa',
        birthday: '1990-02-28',
        anniversary: '2015-06-20',
        notes: 'Likes cats',
        is_system_user: true,
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(FIELDS);
      expect(res.body).toMatchObject({
        first_name: 'Sam',
        last_name: 'Jones',
        full_name: 'Sam Jones',
        email: 'sam@example.test',
        country: 'GB',
        postcode: 'SW1A 1AA',
        birthday: '1990-02-28',
        anniversary: '2015-06-20',
        notes: 'Likes cats',
        is_system_user: false,
        address_line_2: '',
        county: '',
      });
      const got = await app.http().get(`/api/recipients/${res.body.id}/`).set(alice.auth);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(res.body);
      const noSlash = await app.http().get(`/api/recipients/${res.body.id}`).set(alice.auth);
      expect(noSlash.body.id).toBe(res.body.id);
    });

    it('accepts a last name alone and a non-UK address without a UK postcode', async () => {
      const res = await post(alice, { last_name: 'Dupont', country: 'fr', postcode: '75001' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        first_name: '',
        full_name: 'Dupont',
        country: 'FR',
        postcode: '75001',
        birthday: null,
      });
    });
  });

  describe('validation', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['no name', { email: 'x@example.test' }, 'first_name'],
      ['blank names', { first_name: '  ', last_name: '' }, 'first_name'],
      ['bad e-mail', { first_name: 'A', email: 'not-an-email' }, 'email'],
      ['bad GB postcode', { first_name: 'A', postcode: '12345' }, 'postcode'],
      ['unknown country', { first_name: 'A', country: 'XX' }, 'country'],
      ['three-letter country', { first_name: 'A', country: 'GBR' }, 'country'],
      ['impossible date', { first_name: 'A', birthday: '2023-02-29' }, 'birthday'],
      ['date in another format', { first_name: 'A', anniversary: '20/06/2015' }, 'anniversary'],
      ['date as a number', { first_name: 'A', birthday: 19900101 }, 'birthday'],
      ['name too long', { first_name: 'A'.repeat(101) }, 'first_name'],
      ['notes too long', { first_name: 'A', notes: 'n'.repeat(2001) }, 'notes'],
      ['name as a number', { first_name: 12 }, 'first_name'],
      ['name as an object', { first_name: { a: 1 } }, 'first_name'],
      ['bad phone', { first_name: 'A', phone: 'call me maybe' }, 'phone'],
      ['country null', { first_name: 'A', country: null }, 'country'],
      ['made-up time zone', { first_name: 'A', time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
      ['offset for a time zone', { first_name: 'A', time_zone: '+01:00' }, 'time_zone'],
    ];
    it.each(cases)('%s is a 400 on the field', async (_name, body, field) => {
      const res = await post(alice, body);
      expect(res.status).toBe(400);
      expect(res.body[field]).toEqual([expect.any(String)]);
    });

    it('reports several bad fields at once', async () => {
      const res = await post(alice, { email: 'nope', birthday: '1990-13-01', country: 'ZZ' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['birthday', 'country', 'email']);
    });

    it('rejects a body that is not an object', async () => {
      const res = await app.http().post('/api/recipients/').set(alice.auth).send([1, 2]);
      expect(res.status).toBe(400);
      expect(res.body.non_field_errors).toEqual([expect.any(String)]);
    });

    it('validates a PATCH against the whole entry', async () => {
      const created = await post(alice, { first_name: 'Pat', postcode: 'M1 1AE' });
      const clearName = await app
        .http()
        .patch(`/api/recipients/${created.body.id}/`)
        .set(alice.auth)
        .send({ first_name: '' });
      expect(clearName.status).toBe(400);
      expect(clearName.body.first_name).toEqual([expect.any(String)]);
      // Moving abroad makes the old postcode acceptable; moving back to GB checks it again.
      const abroad = await app
        .http()
        .patch(`/api/recipients/${created.body.id}/`)
        .set(alice.auth)
        .send({ country: 'US', postcode: '90210' });
      expect(abroad.status).toBe(200);
      const back = await app
        .http()
        .patch(`/api/recipients/${created.body.id}/`)
        .set(alice.auth)
        .send({ country: 'GB' });
      expect(back.status).toBe(400);
      expect(back.body.postcode).toEqual([expect.any(String)]);
      const fixed = await app
        .http()
        .patch(`/api/recipients/${created.body.id}/`)
        .set(alice.auth)
        .send({ last_name: 'Lee', birthday: '2000-02-29' });
      expect(fixed.status).toBe(200);
      expect(fixed.body).toMatchObject({
        first_name: 'Pat',
        last_name: 'Lee',
        full_name: 'Pat Lee',
        country: 'US',
        birthday: '2000-02-29',
      });
    });
  });

  describe('ownership and auth', () => {
    it('answers 401 to anonymous callers on every route', async () => {
      const calls = [
        app.http().get('/api/recipients/'),
        app.http().post('/api/recipients/').send({ first_name: 'A' }),
        app.http().get('/api/recipients/1/'),
        app.http().patch('/api/recipients/1/').send({}),
        app.http().delete('/api/recipients/1/'),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      }
    });

    it("treats another user's entry as missing", async () => {
      const mine = await post(alice, { first_name: 'Private' });
      const id = mine.body.id;
      for (const res of [
        await app.http().get(`/api/recipients/${id}/`).set(bob.auth),
        await app.http().patch(`/api/recipients/${id}/`).set(bob.auth).send({ first_name: 'Hacked' }),
        await app.http().patch(`/api/recipients/${id}/`).set(bob.auth).send({ email: 'still-invalid' }),
        await app.http().delete(`/api/recipients/${id}/`).set(bob.auth),
        await app.http().get('/api/recipients/999999/').set(alice.auth),
        await app.http().get('/api/recipients/abc/').set(alice.auth),
        await app.http().get('/api/recipients/99999999999/').set(alice.auth),
        await app.http().delete('/api/recipients/-1/').set(alice.auth),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Not found.' });
      }
      const still = await app.http().get(`/api/recipients/${id}/`).set(alice.auth);
      expect(still.body.first_name).toBe('Private');
      const bobs = await app.http().get('/api/recipients/').set(bob.auth);
      expect(bobs.body.results.map((r: any) => r.id)).not.toContain(id);
    });
  });

  describe('delete', () => {
    it('deletes an entry and its reminders', async () => {
      const created = await post(alice, { first_name: 'Gone', birthday: '1980-05-05' });
      const reminder = await app
        .http()
        .post('/api/reminders/')
        .set(alice.auth)
        .send({ recipient_id: created.body.id, type: 'birthday' });
      expect(reminder.status).toBe(201);
      const del = await app.http().delete(`/api/recipients/${created.body.id}/`).set(alice.auth);
      expect(del.status).toBe(204);
      expect((await app.http().get(`/api/recipients/${created.body.id}/`).set(alice.auth)).status).toBe(404);
      expect((await app.http().get(`/api/reminders/${reminder.body.id}/`).set(alice.auth)).status).toBe(404);
    });
  });

  describe('list', () => {
    it('pages the list with the system entry first, then by name', async () => {
      const carol = await createUser(app.strapi, { first_name: 'Carol', last_name: 'Zed' });
      for (const name of ['Mia', 'Abe', 'Zoe', 'Ken'])
        expect((await post(carol, { first_name: name })).status).toBe(201);
      const page1 = await app.http().get('/api/recipients/?page_size=3').set(carol.auth);
      expect(page1.status).toBe(200);
      expect(page1.body.count).toBe(5);
      expect(page1.body.previous).toBeNull();
      expect(page1.body.next).toContain('page=2');
      expect(page1.body.results.map((r: any) => r.full_name)).toEqual(['Carol Zed', 'Abe', 'Ken']);
      expect(page1.body.results[0].is_system_user).toBe(true);
      const page2 = await app.http().get('/api/recipients/?page_size=3&page=2').set(carol.auth);
      expect(page2.body.results.map((r: any) => r.first_name)).toEqual(['Mia', 'Zoe']);
      expect(page2.body.next).toBeNull();
      expect(page2.body.previous).not.toBeNull();
      const beyond = await app.http().get('/api/recipients/?page=9').set(carol.auth);
      expect(beyond.status).toBe(404);
      const badSize = await app.http().get('/api/recipients/?page_size=lots').set(carol.auth);
      expect(badSize.status).toBe(400);
    });
  });

  describe('the system entry', () => {
    it('is created by listing, once, from the user record', async () => {
      const dan = await createUser(app.strapi, { first_name: 'Dan', last_name: 'Ng' });
      expect(await systemEntries(dan.id)).toHaveLength(0);
      await app.http().get('/api/recipients/').set(dan.auth);
      await app.http().get('/api/recipients/').set(dan.auth);
      const rows = await systemEntries(dan.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ first_name: 'Dan', last_name: 'Ng', email: dan.email, system_owner_key: dan.id });
    });

    it('is created and returned by POST /api/me/sync_recipient/', async () => {
      const eve = await createUser(app.strapi, { first_name: 'Eve', last_name: 'Moss' });
      const res = await app.http().post('/api/me/sync_recipient/').set(eve.auth);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(FIELDS);
      expect(res.body).toMatchObject({ is_system_user: true, full_name: 'Eve Moss', email: eve.email, country: 'GB' });
      const again = await app.http().post('/api/me/sync_recipient').set(eve.auth);
      expect(again.body.id).toBe(res.body.id);
      expect((await app.http().post('/api/me/sync_recipient/')).status).toBe(401);
    });

    it('stays single when syncs race', async () => {
      const fay = await createUser(app.strapi, { first_name: 'Fay' });
      const results = await Promise.all(
        Array.from({ length: 6 }, () => app.http().post('/api/me/sync_recipient/').set(fay.auth)),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(await systemEntries(fay.id)).toHaveLength(1);
      // The service itself, in parallel, as the login hook and listing call it.
      const service = app.strapi.plugin('greeting-cards').service('recipients');
      const gus = await createUser(app.strapi, { first_name: 'Gus' });
      const rows = await Promise.all([
        service.syncSystemRecipient(gus.id),
        service.syncSystemRecipient(gus.id),
        service.syncSystemRecipient(gus.id),
      ]);
      expect(new Set(rows.map((r: any) => r.id)).size).toBe(1);
      expect(await systemEntries(gus.id)).toHaveLength(1);
    });

    it('the database itself refuses a second system entry for an owner', async () => {
      const hal = await createUser(app.strapi, { first_name: 'Hal' });
      const knex = app.strapi.db.connection;
      const indexes =
        app.db.kind === 'postgres'
          ? (await knex.raw("SELECT indexname AS name FROM pg_indexes WHERE tablename = 'gc_recipients'")).rows
          : await knex.raw("PRAGMA index_list('gc_recipients')");
      expect(indexes.map((i: { name: string }) => i.name)).toContain('gc_recipients_system_owner_key_uq');
      const q = app.strapi.db.query(RECIPIENT as any);
      const first = await q.create({
        data: { first_name: 'Hal', owner: hal.id, is_system_user: true, system_owner_key: hal.id },
      });
      // Not `.rejects.toThrow()`: the SQLite driver's error is not always an Error of jest's realm.
      const error = await q
        .create({ data: { first_name: 'Hal 2', owner: hal.id, is_system_user: true, system_owner_key: hal.id } })
        .then(
          () => null,
          (e: unknown) => e as { message?: string },
        );
      expect(String(error?.message)).toMatch(/UNIQUE constraint failed|duplicate key value/);
      expect(first.system_owner_key).toBe(hal.id);
      expect(await q.count({ where: { system_owner_key: hal.id } })).toBe(1);
    });

    it('is refreshed when the user record changes, keeping its notes', async () => {
      const ivy = await createUser(app.strapi, { first_name: 'Ivy', last_name: 'Old' });
      const first = await app.http().post('/api/me/sync_recipient/').set(ivy.auth);
      await app.http().patch(`/api/recipients/${first.body.id}/`).set(ivy.auth).send({ notes: 'Me!' });
      await app.strapi.db
        .query('plugin::users-permissions.user')
        .update({ where: { id: ivy.id }, data: { last_name: 'New', email: 'ivy.new@example.test' } });
      const list = await app.http().get('/api/recipients/').set(ivy.auth);
      expect(list.body.results[0]).toMatchObject({
        id: first.body.id,
        full_name: 'Ivy New',
        email: 'ivy.new@example.test',
        notes: 'Me!',
        is_system_user: true,
      });
    });

    it('cannot be deleted and keeps existing', async () => {
      const sync = await app.http().post('/api/me/sync_recipient/').set(alice.auth);
      const del = await app.http().delete(`/api/recipients/${sync.body.id}/`).set(alice.auth);
      expect(del.status).toBe(403);
      expect(del.body.detail).toMatch(/user account/);
      const got = await app.http().get(`/api/recipients/${sync.body.id}/`).set(alice.auth);
      expect(got.status).toBe(200);
      expect(got.body.is_system_user).toBe(true);
    });

    it('only takes notes in a PATCH, saying why', async () => {
      const sync = await app.http().post('/api/me/sync_recipient/').set(alice.auth);
      const rename = await app
        .http()
        .patch(`/api/recipients/${sync.body.id}/`)
        .set(alice.auth)
        .send({ first_name: 'Mallory', notes: 'x' });
      expect(rename.status).toBe(403);
      expect(rename.body.detail).toMatch(/only notes/i);
      const notes = await app
        .http()
        .patch(`/api/recipients/${sync.body.id}/`)
        .set(alice.auth)
        .send({ notes: 'Send to work' });
      expect(notes.status).toBe(200);
      expect(notes.body).toMatchObject({ first_name: 'Alice', notes: 'Send to work', is_system_user: true });
      const badNotes = await app.http().patch(`/api/recipients/${sync.body.id}/`).set(alice.auth).send({ notes: 5 });
      expect(badNotes.status).toBe(400);
      // The shopper's own time zone (their reminders and the times on their pages) lives here too.
      expect(notes.body.time_zone).toBeNull();
      const zone = await app
        .http()
        .patch(`/api/recipients/${sync.body.id}/`)
        .set(alice.auth)
        .send({ time_zone: 'america/new_york' });
      expect(zone.status).toBe(200);
      expect(zone.body).toMatchObject({ time_zone: 'America/New_York', notes: 'Send to work', is_system_user: true });
      expect(
        (await app.http().patch(`/api/recipients/${sync.body.id}/`).set(alice.auth).send({ time_zone: 'New York' }))
          .status,
      ).toBe(400);
      expect((await app.http().post('/api/me/sync_recipient/').set(alice.auth)).body.time_zone).toBe(
        'America/New_York',
      );
    });

    it('is created when a password user logs in and when someone registers', async () => {
      const jo = await createUser(app.strapi, { first_name: 'Jo', last_name: 'Park' });
      expect(await systemEntries(jo.id)).toHaveLength(0);
      const login = await app
        .http()
        .post('/api/auth/local')
        .send({ identifier: jo.email, password: 'correct-horse-battery' });
      expect(login.status).toBe(200);
      const rows = await systemEntries(jo.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ first_name: 'Jo', last_name: 'Park', email: jo.email });

      const failed = await app
        .http()
        .post('/api/auth/local')
        .send({ identifier: jo.email, password: 'wrong-password' });
      expect(failed.status).toBe(400);

      const reg = await app
        .http()
        .post('/api/auth/local/register')
        .send({ username: 'newcomer', email: 'newcomer@example.test', password: 'a-long-password-1' });
      expect(reg.status).toBe(200);
      const regRows = await systemEntries(reg.body.user.id);
      expect(regRows).toHaveLength(1);
      expect(regRows[0].email).toBe('newcomer@example.test');
    });
  });
});
