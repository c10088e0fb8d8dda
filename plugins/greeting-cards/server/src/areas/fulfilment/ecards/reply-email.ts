import { nameForMail } from '../../../platform/email/name-for-mail';
import { emailText, type EmailLanguage } from '../../../platform/email/layout';
import { quoteView } from '../../../platform/email/quoted';
import { renderEmail } from '../../../platform/email/views';

export interface ReplyEmailInput {
  /** Who replied: the card's recipient, as the sender named them. */
  recipientName: string;
  /** The reply as the recipient typed it (shown escaped, as their quote). */
  message: string;
  /** The sticker's emoji and name ("🎉 Party"), or null. */
  sticker: string | null;
  /** `sender`: the buyer, with a link to the order; `signer`: someone who signed the group card. */
  audience: 'sender' | 'signer';
  orderUrl: string | null;
}

/**
 * The e-mail about a recipient's reply (issue 45 item 5), to the card's sender and to a group card's
 * signers. As the e-card itself (security issue 39): the subject names the recipient only when the name
 * is a name (else a neutral subject), and the reply, the recipient's own words, is a quote, escaped in
 * the HTML part; the sticker is the shop's catalogue text.
 */
export function replyEmail(input: ReplyEmailInput, lang: EmailLanguage = {}) {
  const text = emailText(lang);
  const { t } = text;
  const name = nameForMail(input.recipientName);
  const group = input.audience === 'signer';
  const subject = group
    ? name
      ? t('email.reply.subject-group', { name })
      : t('email.reply.subject-group-anonymous')
    : name
      ? t('email.reply.subject', { name })
      : t('email.reply.subject-anonymous');
  const intro = group
    ? name
      ? t('email.reply.intro-group', { name })
      : t('email.reply.intro-group-anonymous')
    : name
      ? t('email.reply.intro', { name })
      : t('email.reply.intro-anonymous');
  const quote = quoteView({
    label: name ? t('email.reply.label', { name }) : t('email.reply.label-anonymous'),
    paragraphs: input.message.split(/\n{2,}/),
  });
  return renderEmail(
    'ecard-reply',
    subject,
    {
      greeting: t('email.reply.hello'),
      intro,
      quote,
      sticker: input.sticker ? t('email.reply.sticker', { sticker: input.sticker }) : '',
      orderUrl: group ? null : input.orderUrl,
    },
    text,
  );
}
