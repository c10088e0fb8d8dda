import { appForSuite, QUIET_APP, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';
import { postForm } from '../web/session';

// Security issue 39, findings 3 and 6: what the public signing page gives away. Only a browser holding
// a signature's real edit token sees that message as its own (a forged gc_sig_<id> cookie must not
// show pending, hidden or unshown messages), and the organiser is never named by their e-mail address.

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('the signing page trusts only real edit tokens and names no e-mail address', () => {
  let app: TestApp;
  let alice: TestUser;

  appForSuite(QUIET_APP, async (booted) => {
    app = booted;
    alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Organiser' });
  });

  const start = async (auth: Record<string, string>, cardId: number, body: Record<string, unknown> = {}) => {
    const res = await app
      .http()
      .post('/api/group-cards/')
      .set(auth)
      .send({ card_id: cardId, title: 'Goodbye Sam', recipient_name: 'Sam', deadline: inDays(3), ...body });
    expect(res.status).toBe(201);
    return res.body as { uuid: string; sign_token: string };
  };
  const sign = async (token: string, message: string) => {
    const res = await app.http().post(`/api/sign/${token}/signatures/`).send({ display_name: 'Jo', message });
    expect(res.status).toBe(201);
    return res.body as { id: number; edit_token: string; status: string };
  };

  describe('forged signature cookies', () => {
    let g: { uuid: string; sign_token: string };
    let pending: { id: number; edit_token: string };
    let hidden: { id: number; edit_token: string };
    let approved: { id: number; edit_token: string };

    beforeAll(async () => {
      // Approval mode, and the organiser chose not to show the messages: a signer sees none but their own.
      g = await start(alice.auth, (await createCard(app.strapi, alice)).id, {
        approval_mode: true,
        show_signatures: false,
      });
      approved = await sign(g.sign_token, 'Approved message');
      hidden = await sign(g.sign_token, 'Hidden message');
      pending = await sign(g.sign_token, 'Pending message');
      expect(
        (await app.http().post(`/api/group-cards/${g.uuid}/signatures/${approved.id}/show/`).set(alice.auth)).status,
      ).toBe(200);
      expect(
        (await app.http().post(`/api/group-cards/${g.uuid}/signatures/${hidden.id}/hide/`).set(alice.auth)).status,
      ).toBe(200);
    });

    const page = (cookie: string, headers: Record<string, string> = {}) => {
      const req = app.http().get(`/sign/${g.sign_token}/`).set('Cookie', cookie);
      for (const [name, value] of Object.entries(headers)) req.set(name, value);
      return req;
    };
    const MESSAGES = ['Approved message', 'Hidden message', 'Pending message'];
    const shown = (html: string) => MESSAGES.filter((m) => html.includes(m));

    it("shows nobody else's message for made-up cookies on the ids around a new signature, as a page or a panel", async () => {
      const near = Array.from({ length: 9 }, (_, i) => pending.id - 6 + i).filter((id) => id > 0);
      const forgeries = [
        near.map((id) => `gc_sig_${id}=x`).join('; '),
        // Well-formed tokens, just not the right ones: someone else's, and one of the right shape.
        near
          .map((id) => `gc_sig_${id}=${approved.edit_token}`)
          .filter((c) => !c.startsWith(`gc_sig_${approved.id}=`))
          .join('; '),
        near.map((id) => `gc_sig_${id}=${'A'.repeat(32)}`).join('; '),
      ];
      const headerSets: Array<Record<string, string>> = [{}, { 'HX-Request': 'true' }, { 'X-Edit-Token': 'x' }];
      for (const cookie of forgeries) {
        for (const headers of headerSets) {
          const res = await page(cookie, headers);
          expect({ cookie, headers, status: res.status }).toEqual({ cookie, headers, status: 200 });
          expect({ cookie, headers, shown: shown(res.text) }).toEqual({ cookie, headers, shown: [] });
          expect(res.text).not.toContain('id="mine-heading"');
        }
      }
    });

    it('shows a signer their own message, and only that, when one real token sits among forged ones', async () => {
      const own = await page(`gc_sig_${pending.id}=${pending.edit_token}`);
      expect(shown(own.text)).toEqual(['Pending message']);
      expect(own.text).toContain('id="mine-heading"');
      const mixed = await page(
        [
          `gc_sig_${hidden.id}=${hidden.edit_token}`,
          `gc_sig_${pending.id}=x`,
          `gc_sig_${approved.id}=${pending.edit_token}`,
        ].join('; '),
      );
      expect(shown(mixed.text)).toEqual(['Hidden message']);
    });

    it("changes nothing with a forged cookie: edits and deletes of others' messages stay refused", async () => {
      const session = await app.http().get(`/sign/${g.sign_token}/`);
      const csrfCookie = ((session.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map(
        (c) => c.split(';')[0],
      );
      const csrf = /<input type="hidden" name="_csrf" value="([^"]*)">/.exec(session.text)![1];
      const res = await app
        .http()
        .post(`/sign/${g.sign_token}/signatures/${pending.id}/edit/`)
        .type('form')
        .set('Cookie', [...csrfCookie, `gc_sig_${pending.id}=x`].join('; '))
        .send({ _csrf: csrf, message: 'Hijacked' });
      expect(res.status).toBe(400);
      const rows = await app.strapi.db
        .query('plugin::greeting-cards.group-signature')
        .findMany({ where: { id: pending.id } });
      expect(rows.map((r: { message: string }) => r.message)).toEqual(['Pending message']);
    });
  });

  describe("the organiser's name", () => {
    it('never gives away the e-mail address of an organiser who registered without a username', async () => {
      const email = 'blank.username@example.test';
      const registered = await postForm(app, '/register/', { email, username: '', password: 'a-long-password' });
      expect(registered.status).toBe(303);
      const user = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email } });
      // The register form's default: the username is the e-mail address.
      expect(user.username).toBe(email);
      const jwt = app.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
      const auth = { Authorization: `Bearer ${jwt}` };
      const g = await start(auth, (await createCard(app.strapi, user)).id);

      const api = await app.http().get(`/api/sign/${g.sign_token}/`);
      expect(api.status).toBe(200);
      expect(api.body.organiser_name).toBe('');
      const page = await app.http().get(`/sign/${g.sign_token}/`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Goodbye Sam');
      expect(page.text).not.toContain('blank.username');
      expect(page.text).not.toContain('organised by');

      // Closed: the 410 says "contact the organiser", without naming them by their address.
      expect((await app.http().post(`/api/group-cards/${g.uuid}/close/`).set(auth)).status).toBe(200);
      const closedApi = await app.http().get(`/api/sign/${g.sign_token}/`);
      expect(closedApi.status).toBe(410);
      expect(closedApi.body).toEqual({
        detail: 'This group card is closed to new messages. To add something now, contact the organiser.',
      });
      const closedPage = await app.http().get(`/sign/${g.sign_token}/`);
      expect(closedPage.status).toBe(410);
      expect(closedPage.text).not.toContain('blank.username');
    });

    it('still names an organiser by their name', async () => {
      const g = await start(alice.auth, (await createCard(app.strapi, alice)).id);
      expect((await app.http().get(`/api/sign/${g.sign_token}/`)).body.organiser_name).toBe('Alice Organiser');
      expect((await app.http().get(`/sign/${g.sign_token}/`)).text).toContain('organised by Alice Organiser');
    });
  });
});
