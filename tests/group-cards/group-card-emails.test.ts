import { startApp, TestApp, QUIET_APP } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';

// Issue 23, stage 4: invited signers get one invitation and one reminder a day before the deadline,
// the organiser one note when it passes; running the job again sends nothing more. Real SMTP server.

describe('group card e-mails', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let alice: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...QUIET_APP, ...smtp.env, SERVICE_PUBLIC_URL: 'https://cards.example.test' });
    alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Organiser' });
    // Invitations are e-mails to others: a proven address (tests/security/mail-relay.test.ts).
    await proveAddress(app.strapi, alice);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const run = (at: Date) => app.strapi.plugin('greeting-cards').service('groupCardMail').runDue(at);
  const subjects = () => smtp.messages.map((m) => `${(m.to as { text: string }).text}: ${m.subject}`).sort();

  it('sends each e-mail once, at its time, with the right link', async () => {
    const card = await createCard(app.strapi, alice);
    const deadline = new Date(Date.now() + 3 * 86_400_000);
    const created = await app
      .http()
      .post('/api/group-cards/')
      .set(alice.auth)
      .send({
        card_id: card.id,
        title: 'Farewell <Sam>',
        recipient_name: 'Sam',
        deadline: deadline.toISOString(),
        invite_emails: ['ann@example.test', 'ben@example.test'],
      });
    expect(created.status).toBe(201);
    const now = new Date();
    expect(await run(now)).toEqual({ invitations: 2, reminders: 0, deadlines: 0 });
    await smtp.waitFor((m) => /invites you to sign/.test(m.subject ?? ''), 2);
    const invitation = smtp.messages.find((m) => (m.to as { text: string }).text === 'ann@example.test')!;
    expect(invitation.text).toContain(`https://cards.example.test/sign/${created.body.sign_token}/`);
    // The organiser's own words (title, whom it is for) are their quote, never the subject's (issue 39).
    expect(invitation.text).toContain(
      'Alice Organiser is collecting messages for a group card and would like one from you.\n\nMessage from Alice Organiser:\n> Farewell <Sam>\n> For: Sam',
    );
    expect(String(invitation.html)).toContain('Farewell &lt;Sam&gt;');
    expect(await run(now)).toEqual({ invitations: 0, reminders: 0, deadlines: 0 });

    // A day before the deadline: one reminder each, once.
    const dayBefore = new Date(deadline.getTime() - 20 * 3_600_000);
    expect(await run(dayBefore)).toEqual({ invitations: 0, reminders: 2, deadlines: 0 });
    expect(await run(new Date(dayBefore.getTime() + 3_600_000))).toEqual({
      invitations: 0,
      reminders: 0,
      deadlines: 0,
    });

    // After the deadline: the organiser, once, with a link to review and send.
    const after = new Date(deadline.getTime() + 60_000);
    expect(await run(after)).toEqual({ invitations: 0, reminders: 0, deadlines: 1 });
    expect(await run(after)).toEqual({ invitations: 0, reminders: 0, deadlines: 0 });
    await smtp.waitFor(() => true, 5);
    expect(subjects()).toEqual(
      [
        `${alice.email}: Signing has closed on your group card`,
        'ann@example.test: Alice Organiser invites you to sign a group card',
        'ann@example.test: One day left to sign a group card',
        'ben@example.test: Alice Organiser invites you to sign a group card',
        'ben@example.test: One day left to sign a group card',
      ].sort(),
    );
    const note = smtp.messages.find((m) => /Signing has closed/.test(m.subject ?? ''))!;
    expect(note.text).toContain(`https://cards.example.test/group/${created.body.uuid}/`);
  });

  // Issue 27: the organiser's shop language when they made the group card is the e-mails' language,
  // the deadline written the German way; no raw message key.
  it('writes the invitation in German when the organiser made the group card in German', async () => {
    const card = await createCard(app.strapi, alice);
    const deadline = new Date(Date.now() + 3 * 86_400_000);
    const created = await app
      .http()
      .post('/api/group-cards/')
      .set(alice.auth)
      .set('Accept-Language', 'de-DE,de;q=0.9')
      .send({
        card_id: card.id,
        title: 'Abschied',
        recipient_name: 'Mia',
        deadline: deadline.toISOString(),
        invite_emails: ['carla@example.test'],
      });
    expect(created.status).toBe(201);
    expect((await run(new Date())).invitations).toBe(1);
    const [mail] = await smtp.waitFor((m) => (m.to as { text: string }).text === 'carla@example.test');
    expect(mail.subject).toBe('Alice Organiser lädt dich ein, eine Gruppenkarte zu unterschreiben');
    expect(mail.text).toContain(
      'Alice Organiser sammelt Nachrichten für eine Gruppenkarte und würde sich über deine freuen.',
    );
    expect(mail.text).toContain('Nachricht von Alice Organiser:\n> Abschied\n> Für: Mia');
    // "Samstag, 28. November 2026 um 09:00": the weekday and month in German, the day with its full stop.
    expect(String(mail.text)).toMatch(
      /Schreib deine bis (Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. \S+ \d{4}/,
    );
    expect(mail.text).toContain(`Nachricht schreiben: https://cards.example.test/sign/${created.body.sign_token}/`);
    expect(String(mail.html)).toContain('<html lang="de">');
    for (const part of [mail.subject, mail.text, mail.html]) expect(String(part)).not.toMatch(/\bemail\.[a-z-]+/);
  });
});
