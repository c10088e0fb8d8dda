import { nameForMail } from '../../../platform/email/name-for-mail';
import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { quoteView, type Quote } from '../../../platform/email/quoted';
import { renderEmail } from '../../../platform/email/views';

export interface EcardEmailInput {
  senderName: string;
  recipientName: string;
  /** The buyer's own label for the card: kept for callers, never shown to the recipient (see below). */
  cardTitle: string;
  insideMessage: string;
  viewUrl: string;
  /** `cid:...` of the inline preview attachment, or an absolute URL of the stored preview. */
  imageSrc: string | null;
  /** When it goes out (shown as a date in the e-mail's language). */
  sentAt?: Date;
  /** The one gentle reminder of a card still unopened (ecards/unopened-reminder-service.ts): its own subject and opening line. */
  reminder?: boolean;
}

/**
 * The e-card message to the recipient, in the sender's shop language. Security issue 39: the subject
 * and the greeting name the sender and the recipient only when their names are names
 * (platform/email/name-for-mail.ts), else "A friend" and "Hello,"; the inside message is shown as the
 * sender's quote, escaped; the card's title (the buyer's label, free text) is not in the e-mail.
 */
export function ecardEmail(input: EcardEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t, date } = text;
  const sender = nameForMail(input.senderName);
  const named = Boolean(sender);
  const subject = input.reminder
    ? named
      ? t('email.ecard.reminder-subject', { sender })
      : t('email.ecard.reminder-subject-anonymous')
    : named
      ? t('email.ecard.subject', { sender })
      : t('email.ecard.subject-anonymous');
  const recipient = nameForMail(input.recipientName);
  const greeting = recipient ? t('email.ecard.dear', { name: recipient }) : t('email.ecard.hello');
  const sent = input.reminder
    ? named
      ? t('email.ecard.reminder-sent', { sender })
      : t('email.ecard.reminder-sent-anonymous')
    : named
      ? t('email.ecard.sent', { sender })
      : t('email.ecard.sent-anonymous');
  const message: Quote | null = input.insideMessage.trim()
    ? {
        label: named ? t('email.ecard.message-from', { sender }) : t('email.ecard.message'),
        paragraphs: input.insideMessage.split(/\n{2,}/),
      }
    : null;
  const love = named ? t('email.ecard.love', { sender }) : '';
  return renderEmail(
    'ecard',
    subject,
    {
      greeting,
      sent,
      message: message ? quoteView(message) : null,
      love,
      viewUrl: input.viewUrl,
      imageSrc: input.imageSrc,
      sentDate: input.sentAt ? date(input.sentAt) : '',
    },
    text,
  );
}
