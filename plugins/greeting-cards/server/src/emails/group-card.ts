import { html } from '../web/html';
import { buttonStyle, emailText, type EmailLanguage, type EmailText } from './layout';

// The group-card e-mails: one invitation and at most one reminder to each invited signer, and one
// note to the organiser when the deadline passes. Signers are never e-mailed more than that. All in
// the organiser's shop language (the group card's `locale`).

export interface GroupCardEmailInput {
  organiserName: string;
  title: string;
  recipientName: string;
  deadline: string;
  link: string;
}

function message(text: EmailText, subject: string, lines: string[], button: string, link: string) {
  const body = html`<h1 style="font-size:22px">${subject}</h1>
${lines.map((line) => html`<p style="font-size:16px">${line}</p>`)}
<p style="margin:28px 0"><a href="${link}" style="${buttonStyle}">${button}</a></p>`;
  return { subject, html: text.frame(subject, body), text: [...lines, '', `${button}: ${link}`, ''].join('\n\n') };
}

export function invitationEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  return message(text, t('email.group.invite.subject', { recipient: i.recipientName }), [
    t('email.group.invite.collecting', { organiser: i.organiserName || t('email.group.someone'), recipient: i.recipientName, title: i.title }),
    t('email.group.invite.before', { deadline: i.deadline }),
  ], t('email.group.add'), i.link);
}

export function reminderEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  return message(text, t('email.group.reminder.subject', { recipient: i.recipientName }), [
    t('email.group.reminder.closes', { title: i.title, deadline: i.deadline }),
    t('email.group.reminder.signed'),
  ], t('email.group.add'), i.link);
}

export function deadlinePassedEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  return message(text, t('email.group.closed.subject', { title: i.title }), [
    t('email.group.closed.body', { title: i.title, recipient: i.recipientName }),
  ], t('email.group.closed.review'), i.link);
}
