// What the shop says when an account has used the day's e-mails to other people
// (SERVICE_SHOPPER_EMAILS_PER_DAY; areas/people/mail-to-others-service.ts counts them): messages by
// code (platform/i18n/messages/*/errors.ts), written in the request's language at the edge. Pure.
import { msg, type Message } from '../../../platform/i18n/format-message';

/** From the shop's midnight, in whole hours (rounded up), or "under an hour". */
function whenAgain(retryAfterSeconds: number): Message {
  if (retryAfterSeconds <= 3600) return msg('error.mail_day_again_soon');
  return msg('error.mail_day_again_hours', { hours: Math.ceil(retryAfterSeconds / 3600) });
}

/**
 * The refusal of a request for `asked` e-mails when `left` of the day's `cap` remain (fewer than asked).
 */
export function allowanceRefusal(input: { cap: number; asked: number; left: number; retryAfter: number }): Message {
  const first =
    input.left > 0
      ? msg('error.mail_day_short', { asked: input.asked, left: input.left, cap: input.cap })
      : msg('error.mail_day_full', { cap: input.cap });
  return msg('error.two_sentences', { first, second: whenAgain(input.retryAfter) });
}

/** Why an account that has not confirmed its address (and paid for nothing) may not e-mail others. */
export const CONFIRM_ADDRESS_FIRST = msg('error.confirm_address_first');
