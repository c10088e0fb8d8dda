import { nameForMail } from '../../plugins/greeting-cards/server/src/platform/email/name-for-mail';
import { ecardEmail } from '../../plugins/greeting-cards/server/src/areas/fulfilment/ecards/email';
import {
  invitationEmail,
  reminderEmail,
  deadlinePassedEmail,
} from '../../plugins/greeting-cards/server/src/areas/group-cards/emails';

// Security issue 39, finding 4: a subject carries fixed text and at most a name that looks like a
// person's name; whatever else the shopper typed is in the body, marked as a quote and escaped.

describe('a name an e-mail may show outside a quote', () => {
  it('keeps names of people, from many languages, with initials, hyphens and apostrophes', () => {
    for (const name of [
      'Sam Jones',
      'Zoë O’Brien',
      'Jean-Luc Picard',
      'J. R. Hartley',
      'Łucja Nowak-Kowalska',
      'Müller',
      'محمد علي',
      '山田 太郎',
    ]) {
      expect(nameForMail(name)).toBe(name);
    }
    expect(nameForMail('  Sam   Jones ')).toBe('Sam Jones');
  });

  it('refuses anything that is not a name: addresses, web addresses, digits, sentences, long text', () => {
    for (const text of [
      'sam@example.test',
      'Visit cheap-pills.example',
      'www.example.com',
      'Call 0800 123',
      'Buy now and save big today friends',
      'Sam!',
      'x'.repeat(41),
      'Sam <b>',
      'http://x',
      '',
      '   ',
      'Sam\nJones',
      'Sam: winner',
      'Sam.Jones',
    ]) {
      expect(nameForMail(text)).toBe('');
    }
    expect(nameForMail(null)).toBe('');
  });
});

describe('subjects of the e-mails a shopper has sent to others', () => {
  const spam = 'WIN A PRIZE at prize.example';

  it('the e-card: the sender named only when it is a name, the message quoted and escaped', () => {
    const base = {
      recipientName: 'Ada Lovelace',
      cardTitle: spam,
      insideMessage: `Hello <b>there</b>\n\nSee ${spam}`,
      viewUrl: 'https://x.test/cards/view/t/',
      imageSrc: null,
    };
    const named = ecardEmail({ ...base, senderName: 'Sam Jones' });
    expect(named.subject).toBe('Sam Jones sent you a card');
    expect(named.text).toContain(
      'Message from Sam Jones:\n> Hello <b>there</b>\n>\n> See WIN A PRIZE at prize.example',
    );
    expect(named.html).toMatch(/<blockquote[^>]*>[\s\S]*Hello &lt;b&gt;there&lt;\/b&gt;[\s\S]*<\/blockquote>/);
    // The card's title is the shopper's own label: not in the e-mail at all.
    expect(named.text).not.toContain('WIN A PRIZE at prize.example"');
    expect(named.html).not.toContain(`alt="The card`);

    const unnamed = ecardEmail({ ...base, senderName: spam, recipientName: 'Claim at prize.example' });
    expect(unnamed.subject).toBe('A friend sent you a card');
    expect(unnamed.text).toMatch(/^Hello,/);
    for (const line of unnamed.text.split('\n'))
      if (/prize\.example/.test(line)) expect(line.startsWith('> ')).toBe(true);
    const german = ecardEmail({ ...base, senderName: spam }, { locale: 'de' });
    expect(german.subject).toBe('Jemand, der an dich denkt, hat dir eine Karte geschickt');
  });

  it('group cards: no title or recipient name in any subject', () => {
    const input = {
      organiserName: 'Alice Organiser',
      title: spam,
      recipientName: 'Claim at prize.example',
      deadline: 'Friday',
      link: 'https://x.test/sign/t/',
    };
    for (const mail of [
      invitationEmail(input),
      reminderEmail(input),
      deadlinePassedEmail(input),
      invitationEmail(input, { locale: 'de' }),
    ]) {
      expect(mail.subject).not.toMatch(/prize/i);
      for (const line of mail.text.split('\n'))
        if (/prize\.example/.test(line)) expect(line.startsWith('> ')).toBe(true);
    }
    expect(invitationEmail({ ...input, organiserName: spam }).subject).toBe('You are invited to sign a group card');
  });
});
