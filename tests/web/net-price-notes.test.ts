import { appForSuite, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { webSession, type WebSession } from './session';

// Issue 43, prices entered net (SERVICE_PRICES_INCLUDE_VAT=false): every block of prices a shopper reads
// before checkout says they are net, once per block, in English and German: the home page's "from"
// prices, the membership plans, the template page, the editor's send form, a group card's prices and
// the basket (which shows
// them with the VAT added). With prices entered gross (the default) none of these says "plus VAT".
// The footer is left out of what is read: the shipped footer says it on every page already, and an
// operator's own footer text may not.

/** The page's <main> as text, tags out and runs of white space made one. */
const mainText = (html: string) => {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ')
    .trim();
};

const NOTES = {
  en: { home: 'Prices plus VAT', plans: 'Prices plus VAT, added to every payment.', send: 'Prices plus VAT' },
  de: {
    home: 'Preise zzgl. MwSt.',
    plans: 'Preise zzgl. MwSt., bei jeder Zahlung hinzugerechnet.',
    send: 'Preise zzgl. MwSt.',
  },
};

function suite(net: boolean) {
  let app: TestApp;
  let s: WebSession;
  let cardId: number;
  let groupUuid: string;
  const page = async (path: string, lang: 'en' | 'de') => {
    const res = await app
      .http()
      .get(`${path}${path.includes('?') ? '&' : '?'}locale=${lang}`)
      .set('Cookie', s.cookie);
    expect(res.status).toBe(200);
    return mainText(res.text);
  };

  appForSuite(
    {
      SERVICE_RENDERER: 'memory',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_STRIPE_SECRET_KEY: '',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_PRICES_INCLUDE_VAT: net ? 'false' : 'true',
      SERVICE_VAT_RATES: 'GB:2000',
    },
    async (booted) => {
      app = booted;
      const user = await createUser(app.strapi);
      s = await webSession(app, user);
      const card = await createCard(app.strapi, user, { title: 'Notes card' });
      cardId = card.id;
      const friend = await createRecipient(app.strapi, user);
      await app
        .http()
        .post('/api/orders/add_to_cart/')
        .set(user.auth)
        .send({ card_id: card.id, recipient_id: friend.id })
        .expect(200);
      const group = await app
        .http()
        .post('/api/group-cards/')
        .set(user.auth)
        .send({
          card_id: (await createCard(app.strapi, user, { title: 'Group card' })).id,
          title: 'Farewell',
          recipient_name: 'Sam',
          deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        })
        .expect(201);
      groupUuid = group.body.uuid;
    },
  );

  for (const lang of ['en', 'de'] as const) {
    const notes = NOTES[lang];
    const vatWords = lang === 'en' ? /plus VAT/ : /zzgl\. MwSt\./;

    it(`home page "from" prices (${lang})`, async () => {
      const text = await page('/', lang);
      if (net) expect(text).toContain(notes.home);
      else expect(text).not.toMatch(vatWords);
    });

    it(`membership plans (${lang})`, async () => {
      const text = await page('/subscriptions/', lang);
      expect(text).toMatch(lang === 'en' ? /a month/ : /pro Monat/);
      if (net) {
        expect(text).toContain(notes.plans);
        // Once for the block, not beside every plan.
        expect(text.split(notes.plans)).toHaveLength(2);
      } else expect(text).not.toMatch(vatWords);
    });

    it(`template page prices (${lang})`, async () => {
      const text = await page('/templates/balloon-party/', lang);
      if (net)
        expect(text).toContain(
          lang === 'en'
            ? 'Prices plus VAT; the basket shows them with VAT added.'
            : 'Preise zzgl. MwSt.; der Warenkorb zeigt sie mit MwSt.',
        );
      else expect(text).not.toMatch(vatWords);
    });

    it(`the editor's send form (${lang})`, async () => {
      const text = await page(`/editor/${cardId}/`, lang);
      expect(text).toContain(lang === 'en' ? 'Price:' : 'Preis:');
      if (net) expect(text).toContain(notes.send);
      else expect(text).not.toMatch(vatWords);
    });

    it(`a group card's prices (${lang})`, async () => {
      const text = await page(`/group/${groupUuid}/`, lang);
      expect(text).toContain(lang === 'en' ? 'E-card' : 'E-Card');
      if (net) expect(text).toContain(notes.send);
      else expect(text).not.toMatch(vatWords);
    });

    it(`the basket (${lang})`, async () => {
      const text = await page('/cart/', lang);
      if (net) {
        expect(text).toContain(lang === 'en' ? 'Total excluding VAT' : 'Summe ohne MwSt.');
        expect(text).toMatch(vatWords);
        expect(text).toContain(lang === 'en' ? 'Total including VAT' : 'Gesamt inkl. MwSt.');
      } else {
        expect(text).not.toMatch(vatWords);
        expect(text).not.toContain(lang === 'en' ? 'Total excluding VAT' : 'Summe ohne MwSt.');
      }
    });
  }
}

describe('prices entered net: each price block says "plus VAT"', () => suite(true));
describe('prices entered gross: no "plus VAT" anywhere before checkout', () => suite(false));
