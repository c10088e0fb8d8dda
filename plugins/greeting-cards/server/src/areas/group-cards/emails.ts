import { html, type RawHtml } from '../../platform/web/html';
import { nameForMail } from '../../platform/email/name-for-mail';
import { buttonStyle, emailText, type EmailLanguage, type EmailText } from '../../platform/email/layout';
import { quoteHtml, quoteText, type Quote } from '../../platform/email/quoted';

// The group-card e-mails: one invitation and at most one reminder to each invited signer, and one
// note to the organiser when the deadline passes. Signers are never e-mailed more than that. All in
// the organiser's shop language (the group card's `locale`).
// Security issue 39: the subjects are the shop's words, naming at most the organiser (when their name
// is a name: platform/email/name-for-mail.ts). The title and the recipient's name the organiser typed are
// shown in the body as a quote of theirs.

export interface GroupCardEmailInput {
  organiserName: string;
  title: string;
  recipientName: string;
  deadline: string;
  link: string;
}

type Part = string | Quote;

function message(text: EmailText, subject: string, parts: Part[], button: string, link: string) {
  const htmlPart = (part: Part): RawHtml => (typeof part === 'string' ? html`<p style="font-size:16px">${part}</p>` : quoteHtml(part));
  const body = html`<h1 style="font-size:22px">${subject}</h1>
${parts.map(htmlPart)}
<p style="margin:28px 0"><a href="${link}" style="${buttonStyle}">${button}</a></p>`;
  const textPart = (part: Part): string => (typeof part === 'string' ? part : quoteText(part));
  return { subject, html: text.frame(subject, body), text: [...parts.map(textPart), `${button}: ${link}`, ''].join('\n\n') };
}

/** What the organiser wrote, as their quote: the card's title and whom it is for. */
function organiserWords({ t }: EmailText, i: GroupCardEmailInput, organiser: string): Quote {
  return {
    label: organiser ? t('email.group.message-from', { name: organiser }) : t('email.group.message-from-organiser'),
    paragraphs: [[i.title, t('email.group.for', { recipient: i.recipientName })].join('\n')],
  };
}

export function invitationEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  const organiser = nameForMail(i.organiserName);
  const subject = organiser ? t('email.group.invite.subject', { organiser }) : t('email.group.invite.subject-anonymous');
  return message(text, subject, [
    t('email.group.invite.collecting', { organiser: organiser || t('email.group.someone') }),
    organiserWords(text, i, organiser),
    t('email.group.invite.before', { deadline: i.deadline }),
  ], t('email.group.add'), i.link);
}

export function reminderEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  return message(text, t('email.group.reminder.subject'), [
    t('email.group.reminder.closes', { deadline: i.deadline }),
    organiserWords(text, i, nameForMail(i.organiserName)),
    t('email.group.reminder.signed'),
  ], t('email.group.add'), i.link);
}

/** To the organiser themselves: their own words, still never in the subject (their address may not be proven). */
export function deadlinePassedEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  return message(text, t('email.group.closed.subject'), [
    t('email.group.closed.body'),
    { label: t('email.group.your-card'), paragraphs: [[i.title, t('email.group.for', { recipient: i.recipientName })].join('\n')] },
  ], t('email.group.closed.review'), i.link);
}
