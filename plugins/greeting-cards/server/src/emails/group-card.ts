import { html } from '../web/html';
import { buttonStyle, emailHtml } from './layout';

// The group-card e-mails: one invitation and at most one reminder to each invited signer, and one
// note to the organiser when the deadline passes. Signers are never e-mailed more than that.

export interface GroupCardEmailInput {
  organiserName: string;
  title: string;
  recipientName: string;
  deadline: string;
  link: string;
}

function message(subject: string, lines: string[], button: string, link: string) {
  const body = html`<h1 style="font-size:22px">${subject}</h1>
${lines.map((line) => html`<p style="font-size:16px">${line}</p>`)}
<p style="margin:28px 0"><a href="${link}" style="${buttonStyle}">${button}</a></p>`;
  return { subject, html: emailHtml(subject, body), text: [...lines, '', `${button}: ${link}`, ''].join('\n\n') };
}

const who = (name: string) => name || 'Someone';

export const invitationEmail = (i: GroupCardEmailInput) =>
  message(`Sign the card for ${i.recipientName}`, [
    `${who(i.organiserName)} is collecting messages for ${i.recipientName}: “${i.title}”.`,
    `Add yours before ${i.deadline}. You need no account.`,
  ], 'Add your message', i.link);

export const reminderEmail = (i: GroupCardEmailInput) =>
  message(`One day left to sign the card for ${i.recipientName}`, [
    `Signing “${i.title}” closes ${i.deadline}.`,
    `If you have already signed, thank you: there is nothing more to do.`,
  ], 'Add your message', i.link);

export const deadlinePassedEmail = (i: GroupCardEmailInput) =>
  message(`Signing has closed: ${i.title}`, [
    `The deadline for “${i.title}” has passed. Check the messages, then send the card to ${i.recipientName}.`,
  ], 'Review and send', i.link);
