import fs from 'fs';
import os from 'os';
import path from 'path';
import { ecardEmail } from '../../plugins/greeting-cards/server/src/areas/fulfilment/ecards/email';
import { reminderEmail } from '../../plugins/greeting-cards/server/src/areas/people/reminders/email';
import {
  invitationEmail,
  reminderEmail as groupReminderEmail,
  deadlinePassedEmail,
} from '../../plugins/greeting-cards/server/src/areas/group-cards/emails';
import { addressSummaryEmail } from '../../plugins/greeting-cards/server/src/areas/people/address-requests/emails';
import { addressProofEmail } from '../../plugins/greeting-cards/server/src/areas/people/address-proof/email';
import { printReadyEmail } from '../../plugins/greeting-cards/server/src/areas/fulfilment/print-at-home/email';
import { submissionFailedEmail } from '../../plugins/greeting-cards/server/src/areas/fulfilment/postal/submission-failed-email';
import { useEmailViewsIn, type RenderedEmail } from '../../plugins/greeting-cards/server/src/platform/email/views';
import type { Locale } from '../../plugins/greeting-cards/server/src/platform/i18n/locales';

// Issue 40: every e-mail comes from Eta views (server/views/emails/), like the pages. Each one in English
// and German: its words, the shared frame, a shopper's markup escaped in the HTML part and left as typed
// in the text part; and a host's SERVICE_VIEWS_DIR replaces an e-mail view as it replaces a page.

const SCRIPT = '<script>alert(1)</script>';
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;';
const shop = { shopName: 'Kindred <Cards>' };

type Case = { subject: string; html: string[]; text: string[] };
type Build = (locale: Locale) => RenderedEmail;

const emails: Array<[string, Build, Record<Locale, Case>]> = [
  [
    'e-card',
    (locale) =>
      ecardEmail(
        {
          senderName: 'Sam Jones',
          recipientName: 'Ada Lovelace',
          cardTitle: 'ignored',
          insideMessage: `Hello ${SCRIPT}\n\nSee you`,
          viewUrl: 'https://x.test/cards/view/t/?a=1&b=2',
          imageSrc: 'cid:preview',
          sentAt: new Date('2030-12-24T12:00:00Z'),
        },
        { locale, ...shop },
      ),
    {
      en: {
        subject: 'Sam Jones sent you a card',
        html: [
          'Dear Ada Lovelace,',
          'Message from Sam Jones:',
          `<blockquote`,
          'Open your card',
          'Sent on 24 December 2030.',
          'href="https://x.test/cards/view/t/?a=1&amp;b=2"',
          '<img src="cid:preview"',
        ],
        text: [
          'Dear Ada Lovelace,',
          `Message from Sam Jones:\n> Hello ${SCRIPT}\n>\n> See you`,
          'Open your card: https://x.test/cards/view/t/?a=1&b=2',
          'Sent on 24 December 2030.',
        ],
      },
      de: {
        subject: 'Sam Jones hat dir eine Karte geschickt',
        html: ['Hallo Ada Lovelace,', 'Nachricht von Sam Jones:', 'Karte öffnen', '24. Dezember 2030'],
        text: [
          'Hallo Ada Lovelace,',
          `Nachricht von Sam Jones:\n> Hello ${SCRIPT}`,
          'Herzliche Grüße von Sam Jones',
          'Karte öffnen: https://x.test/cards/view/t/?a=1&b=2',
        ],
      },
    },
  ],
  [
    'occasion reminder',
    (locale) =>
      reminderEmail(
        {
          ownerName: `Sam ${SCRIPT}`,
          title: 'Mum’s birthday',
          eventDate: '2031-03-04',
          daysBefore: 1,
          catalogueUrl: 'https://x.test/catalogue/?occasion=birthday',
        },
        { locale, ...shop },
      ),
    {
      en: {
        subject: 'Reminder: Mum’s birthday is tomorrow',
        html: ['<h1 style="font-size:22px">Mum’s birthday</h1>', 'Tuesday, 4 March 2031', 'Choose a card'],
        text: [`Hello Sam ${SCRIPT},`, 'Choose a card: https://x.test/catalogue/?occasion=birthday'],
      },
      de: {
        subject: 'Erinnerung: Mum’s birthday ist morgen',
        html: ['Dienstag, 4. März 2031', 'Karte aussuchen'],
        text: [`Hallo Sam ${SCRIPT},`, 'Karte aussuchen: https://x.test/catalogue/?occasion=birthday'],
      },
    },
  ],
  ...(['invitation', 'reminder', 'deadline'] as const).map((kind): [string, Build, Record<Locale, Case>] => {
    const input = {
      organiserName: 'Alice Organiser',
      title: `Farewell ${SCRIPT}`,
      recipientName: 'Sam',
      deadline: 'Friday',
      link: 'https://x.test/sign/t/',
    };
    const build = { invitation: invitationEmail, reminder: groupReminderEmail, deadline: deadlinePassedEmail }[kind];
    const label =
      kind === 'deadline'
        ? { en: 'Your group card:', de: 'Deine Gruppenkarte:' }
        : { en: 'Message from Alice Organiser:', de: 'Nachricht von Alice Organiser:' };
    const words = {
      invitation: {
        en: ['Alice Organiser invites you to sign a group card', 'Add yours before Friday.', 'Add your message'],
        de: [
          'Alice Organiser lädt dich ein, eine Gruppenkarte zu unterschreiben',
          'Schreib deine bis Friday.',
          'Nachricht schreiben',
        ],
      },
      reminder: {
        en: ['One day left to sign a group card', 'closes Friday', 'Add your message'],
        de: [
          'Noch ein Tag, um eine Gruppenkarte zu unterschreiben',
          'kann bis Friday unterschrieben werden',
          'Nachricht schreiben',
        ],
      },
      deadline: {
        en: ['Signing has closed on your group card', 'The deadline for signing has passed.', 'Review and send'],
        de: [
          'Deine Gruppenkarte: Unterschreiben beendet',
          'Die Frist zum Unterschreiben ist abgelaufen.',
          'Ansehen und senden',
        ],
      },
    }[kind];
    const forLine = { en: 'For: Sam', de: 'Für: Sam' };
    const caseOf = (l: Locale): Case => ({
      subject: words[l][0],
      html: [
        `<h1 style="font-size:22px">${words[l][0]}</h1>`,
        words[l][1],
        `${label[l]}</p>`,
        '<blockquote',
        `>${words[l][2]}</a>`,
      ],
      text: [
        words[l][1],
        `${label[l]}\n> Farewell ${SCRIPT}\n> ${forLine[l]}`,
        `${words[l][2]}: https://x.test/sign/t/`,
      ],
    });
    return [
      `group-card ${kind}`,
      (locale) => build(input, { locale, ...shop }),
      { en: caseOf('en'), de: caseOf('de') },
    ];
  }),
  [
    'address-link summary',
    (locale) =>
      addressSummaryEmail(
        [
          { name: 'Ann', email: 'ann@x.test', isNew: true, hasChange: false },
          { name: `Bob ${SCRIPT}`, email: 'bob@x.test', isNew: false, hasChange: true },
        ],
        'https://x.test/recipients/?a&b',
        { locale, ...shop },
      ),
    {
      en: {
        subject: '1 friend added their address to your address book',
        html: [
          '<h2 style="font-size:18px">New entries</h2>',
          '<li style="font-size:16px">Ann (ann@x.test)</li>',
          'href="https://x.test/recipients/?a&amp;b"',
        ],
        text: [
          'New entries:\n- Ann (ann@x.test)',
          `- Bob ${SCRIPT} (bob@x.test)`,
          'Open your address book: https://x.test/recipients/?a&b',
        ],
      },
      de: {
        subject: '1 Person hat ihre Adresse in dein Adressbuch eingetragen',
        html: ['Neue Einträge', 'Änderungen zum Prüfen', 'Adressbuch öffnen'],
        text: [
          'Neue Einträge:\n- Ann (ann@x.test)',
          `Änderungen zum Prüfen:\n- Bob ${SCRIPT} (bob@x.test)`,
          'Adressbuch öffnen: https://x.test/recipients/?a&b',
        ],
      },
    },
  ],
  [
    'address proof',
    (locale) =>
      addressProofEmail({ link: 'https://x.test/account/confirm-email/t/?a&b', hours: 48 }, { locale, ...shop }),
    {
      en: {
        subject: 'Confirm your e-mail address',
        html: [
          '<h1 style="font-size:22px">Confirm your e-mail address</h1>',
          'href="https://x.test/account/confirm-email/t/?a&amp;b"',
          '48 hours',
        ],
        text: ['Confirm your e-mail address\n\n', '\nhttps://x.test/account/confirm-email/t/?a&b\n', '48 hours'],
      },
      de: {
        subject: 'Bestätige deine E-Mail-Adresse',
        html: ['<h1 style="font-size:22px">Bestätige deine E-Mail-Adresse</h1>', '48 Stunden'],
        text: ['Bestätige deine E-Mail-Adresse\n\n', '48 Stunden'],
      },
    },
  ],
  [
    'print-ready',
    (locale) =>
      printReadyEmail(
        { buyerName: `Sam ${SCRIPT}`, cardTitle: 'Birthday', pdfUrl: 'https://x.test/p.pdf?a&b' },
        { locale, ...shop },
      ),
    {
      en: {
        subject: 'Your card "Birthday" is ready to print',
        html: ['Ready to print', 'Download the PDF', 'href="https://x.test/p.pdf?a&amp;b"'],
        text: [`Hello Sam ${SCRIPT},`, 'Download the PDF: https://x.test/p.pdf?a&b'],
      },
      de: {
        subject: 'Deine Karte „Birthday“ ist druckbereit',
        html: ['PDF herunterladen'],
        text: [`Hallo Sam ${SCRIPT},`, 'PDF herunterladen: https://x.test/p.pdf?a&b'],
      },
    },
  ],
  [
    'submission failed',
    (locale) =>
      submissionFailedEmail(
        {
          deliveryId: 12,
          orderUuid: 'u-1',
          provider: 'stub',
          attempts: 5,
          error: `bad ${SCRIPT}`,
          adminUrl: 'https://x.test/admin/?a&b',
        },
        { locale, ...shop },
      ),
    {
      en: {
        subject: 'Posted card 12 could not be sent to stub',
        html: ['href="https://x.test/admin/?a&amp;b"'],
        text: [`bad ${SCRIPT}`, 'https://x.test/admin/?a&b'],
      },
      de: {
        subject: 'Versandkarte 12 konnte nicht an stub übergeben werden',
        html: ['Bestellung u-1', 'href="https://x.test/admin/?a&amp;b"'],
        text: ['Versandkarte 12 (Bestellung u-1)', `Letzter Fehler: bad ${SCRIPT}`],
      },
    },
  ],
];

describe.each(emails)('the %s e-mail', (_name, build, cases) => {
  it.each(['en', 'de'] as const)(
    "in %s: its words, the frame, and a shopper's markup escaped in HTML only",
    (locale) => {
      const mail = build(locale);
      const expected = cases[locale];
      expect(mail.subject).toBe(expected.subject);
      for (const piece of expected.html) expect(mail.html).toContain(piece);
      for (const piece of expected.text) expect(mail.text).toContain(piece);

      expect(mail.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${locale}">`));
      expect(mail.html).toContain(`<title>${expected.subject.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}</title>`);
      expect(mail.html).toContain(
        locale === 'de' ? 'Gesendet von Kindred &lt;Cards&gt;.' : 'Sent by Kindred &lt;Cards&gt;.',
      );
      expect(mail.html).not.toContain('<script');
      // The text part is not HTML: nothing in it is escaped.
      expect(mail.text).not.toMatch(/&(amp|lt|gt|quot|#39);/);
      expect(mail.text).not.toMatch(/\bemail\.[a-z-]+\./);
      expect(mail.html).not.toMatch(/\bemail\.[a-z-]+\./);
    },
  );
});

describe('shopper text in an e-mail to someone else', () => {
  it('shows up escaped in the HTML part wherever it is printed', () => {
    const mail = ecardEmail({
      senderName: SCRIPT,
      recipientName: SCRIPT,
      cardTitle: SCRIPT,
      insideMessage: SCRIPT,
      viewUrl: 'https://x.test/v/',
      imageSrc: null,
    });
    // Not a name: neither subject nor greeting shows it; the quote shows it escaped.
    expect(mail.subject).toBe('A friend sent you a card');
    expect(mail.html).toContain(`<p style="font-size:17px;line-height:1.5;white-space:pre-wrap">${ESCAPED}</p>`);
    expect(mail.html.split(ESCAPED)).toHaveLength(2);
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toBe(
      `Hello,\n\nA friend has sent you a greeting card.\n\nTheir message:\n> ${SCRIPT}\n\nOpen your card: https://x.test/v/\n`,
    );
  });
});

describe('the e-mail views in the package', () => {
  it('are in the folder the package ships, an HTML and a text view for each e-mail', () => {
    const plugin = path.resolve(__dirname, '../../plugins/greeting-cards');
    expect(JSON.parse(fs.readFileSync(path.join(plugin, 'package.json'), 'utf8')).files).toContain('server/views');
    const names = [
      'ecard',
      'reminder',
      'group-card-invitation',
      'group-card-reminder',
      'group-card-closed',
      'address-requests',
      'address-proof',
      'print-ready',
      'submission-failed',
    ];
    for (const name of names)
      for (const part of ['html', 'text'])
        expect(fs.existsSync(path.join(plugin, 'server/views/emails', `${name}.${part}.eta`))).toBe(true);
  });
});

describe("a host's own e-mail views (SERVICE_VIEWS_DIR)", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-email-views-'));
    fs.mkdirSync(path.join(dir, 'emails', 'partials'), { recursive: true });
  });
  afterEach(() => {
    useEmailViewsIn(null);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("replace the plugin's view of the same name, with the same data and escaping; the others stay", () => {
    fs.writeFileSync(
      path.join(dir, 'emails', 'ecard.text.eta'),
      'Our own words for <%= it.greeting %> & <%= it.message.text %>\n',
    );
    fs.writeFileSync(
      path.join(dir, 'emails', 'partials', 'button.html.eta'),
      '<p class="own-button"><a href="<%= it.href %>"><%= it.label %></a></p>\n',
    );
    useEmailViewsIn(dir);
    const mail = ecardEmail({
      senderName: 'Sam Jones',
      recipientName: 'Ada',
      cardTitle: '',
      insideMessage: SCRIPT,
      viewUrl: 'https://x.test/v/?a&b',
      imageSrc: null,
    });
    expect(mail.text).toBe(`Our own words for Dear Ada, & Message from Sam Jones:\n> ${SCRIPT}\n`);
    // The overridden partial is used by the built-in view that includes it; the quote stays escaped.
    expect(mail.html).toContain('<p class="own-button"><a href="https://x.test/v/?a&amp;b">Open your card</a></p>');
    expect(mail.html).toContain(ESCAPED);
    expect(mail.html).toContain('<blockquote');

    useEmailViewsIn(null);
    const plain = ecardEmail({
      senderName: 'Sam Jones',
      recipientName: 'Ada',
      cardTitle: '',
      insideMessage: 'Hi',
      viewUrl: 'https://x.test/v/',
      imageSrc: null,
    });
    expect(plain.text).toMatch(/^Dear Ada,\n\nSam Jones has sent you a greeting card\./);
    expect(plain.html).not.toContain('own-button');
  });
});
