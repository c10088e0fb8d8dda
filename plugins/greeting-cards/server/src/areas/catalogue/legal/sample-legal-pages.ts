import type { LegalPageSlug } from './legal-page-slugs';

// Sample texts for the legal and help pages, seeded once (seed-legal-pages.ts) and marked is_sample, so
// each page warns "Sample text" until an editor replaces it. They are placeholders, not legal advice.
// The privacy page's cookie table is added by the page itself (platform/web/cookies.ts).

interface Sample {
  title: string;
  description: string;
  body: string;
}

export const LEGAL_SAMPLES_EN: Record<LegalPageSlug, Sample> = {
  terms: {
    title: 'Terms and conditions',
    description: 'The terms that apply when you buy cards in this shop.',
    body: '## Who we are\n\nThis shop is run by [your company name and address].\n\n## Orders\n\nYour order is a binding offer. A contract is made when we confirm your payment by e-mail.\n\n## Prices and payment\n\n- All prices include VAT.\n- You pay by card when you check out.',
  },
  privacy: {
    title: 'Privacy policy',
    description: 'What personal data this shop keeps, why, and for how long.',
    body: "## What we keep\n\nWe keep the data you give us to make and send your cards: your e-mail address, your recipients' addresses and your cards.\n\n## Your rights\n\nYou can see, export and delete your data on your account page, or write to [your contact address].",
  },
  imprint: {
    title: 'Imprint',
    description: 'Who runs this shop and how to reach them.',
    body: '[Company name]\n[Street and number]\n[Postcode and town]\n\nE-mail: [address]\nRepresented by: [name]\nVAT number: [number]',
  },
  'delivery-returns': {
    title: 'Delivery and returns',
    description: 'How cards are delivered and what to do if something is wrong.',
    body: '## Delivery\n\n- E-cards arrive at the time you choose.\n- Posted cards are printed and sent within two working days.\n\n## Returns\n\nPersonalised cards cannot be returned, but if a card arrives damaged we print it again.',
  },
  help: {
    title: 'Help',
    description: 'Answers to common questions about making and sending cards.',
    body: '## How do I make a card?\n\nChoose a design in the catalogue, personalise it in your browser and check out.\n\n## Can I change a card after ordering?\n\nE-cards can be changed until they are sent.',
  },
  contact: {
    title: 'Contact',
    description: 'How to reach the shop with a question about your order.',
    body: 'Write to [your e-mail address] and we will answer within two working days.\n\nPlease give your order number if your question is about an order.',
  },
};

export const LEGAL_SAMPLES_DE: Record<LegalPageSlug, Sample> = {
  terms: {
    title: 'Allgemeine Geschäftsbedingungen',
    description: 'Die Bedingungen, die gelten, wenn du in diesem Shop Karten kaufst.',
    body: '## Wer wir sind\n\nDieser Shop wird betrieben von [Firmenname und Anschrift].\n\n## Bestellungen\n\nDeine Bestellung ist ein verbindliches Angebot. Der Vertrag kommt zustande, wenn wir deine Zahlung per E-Mail bestätigen.\n\n## Preise und Zahlung\n\n- Alle Preise enthalten die Mehrwertsteuer.\n- Du bezahlst beim Bestellen per Karte.',
  },
  privacy: {
    title: 'Datenschutzerklärung',
    description: 'Welche personenbezogenen Daten dieser Shop speichert, warum und wie lange.',
    body: '## Was wir speichern\n\nWir speichern die Daten, die du uns gibst, um deine Karten zu gestalten und zu versenden: deine E-Mail-Adresse, die Adressen deiner Empfänger und deine Karten.\n\n## Deine Rechte\n\nAuf deiner Kontoseite kannst du deine Daten ansehen, exportieren und löschen, oder du schreibst an [deine Kontaktadresse].',
  },
  imprint: {
    title: 'Impressum',
    description: 'Wer diesen Shop betreibt und wie du ihn erreichst.',
    body: '[Firmenname]\n[Straße und Hausnummer]\n[PLZ und Ort]\n\nE-Mail: [Adresse]\nVertreten durch: [Name]\nUSt-IdNr.: [Nummer]',
  },
  'delivery-returns': {
    title: 'Versand und Rückgabe',
    description: 'Wie Karten zugestellt werden und was du tun kannst, wenn etwas nicht stimmt.',
    body: '## Versand\n\n- E-Cards kommen zu dem Zeitpunkt an, den du wählst.\n- Gedruckte Karten werden innerhalb von zwei Werktagen gedruckt und verschickt.\n\n## Rückgabe\n\nPersonalisierte Karten sind vom Umtausch ausgeschlossen. Kommt eine Karte beschädigt an, drucken wir sie neu.',
  },
  help: {
    title: 'Hilfe',
    description: 'Antworten auf häufige Fragen zum Gestalten und Versenden von Karten.',
    body: '## Wie gestalte ich eine Karte?\n\nWähle im Katalog ein Motiv, gestalte es in deinem Browser und bestelle.\n\n## Kann ich eine Karte nach der Bestellung ändern?\n\nE-Cards kannst du ändern, bis sie verschickt sind.',
  },
  contact: {
    title: 'Kontakt',
    description: 'Wie du den Shop bei Fragen zu deiner Bestellung erreichst.',
    body: 'Schreib an [deine E-Mail-Adresse], wir antworten innerhalb von zwei Werktagen.\n\nBitte gib deine Bestellnummer an, wenn es um eine Bestellung geht.',
  },
};
