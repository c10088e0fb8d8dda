import { nameForMail } from '../../platform/email/name-for-mail';
import { emailText, type EmailLanguage, type EmailText } from '../../platform/email/layout';
import { quoteView, type QuoteView } from '../../platform/email/quoted';
import { renderEmail } from '../../platform/email/views';

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

/** What the organiser wrote, as their quote under `label`: the card's title and whom it is for. */
function organiserWords({ t }: EmailText, i: GroupCardEmailInput, label: string): QuoteView {
  return quoteView({ label, paragraphs: [[i.title, t('email.group.for', { recipient: i.recipientName })].join('\n')] });
}

const quoteLabel = ({ t }: EmailText, organiser: string) =>
  organiser ? t('email.group.message-from', { name: organiser }) : t('email.group.message-from-organiser');

export function invitationEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  const organiser = nameForMail(i.organiserName);
  const subject = organiser
    ? t('email.group.invite.subject', { organiser })
    : t('email.group.invite.subject-anonymous');
  return renderEmail(
    'group-card-invitation',
    subject,
    {
      organiser,
      words: organiserWords(text, i, quoteLabel(text, organiser)),
      deadline: i.deadline,
      link: i.link,
    },
    text,
  );
}

export function reminderEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  return renderEmail(
    'group-card-reminder',
    t('email.group.reminder.subject'),
    {
      words: organiserWords(text, i, quoteLabel(text, nameForMail(i.organiserName))),
      deadline: i.deadline,
      link: i.link,
    },
    text,
  );
}

/** To the organiser themselves: their own words, still never in the subject (their address may not be proven). */
export function deadlinePassedEmail(i: GroupCardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  return renderEmail(
    'group-card-closed',
    t('email.group.closed.subject'),
    {
      words: organiserWords(text, i, t('email.group.your-card')),
      link: i.link,
    },
    text,
  );
}
