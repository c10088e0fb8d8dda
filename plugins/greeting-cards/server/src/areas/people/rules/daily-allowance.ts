// What the shop says when an account has used the day's e-mails to other people
// (SERVICE_SHOPPER_EMAILS_PER_DAY; areas/people/mail-to-others-service.ts counts them). English,
// the message ids of platform/i18n/messages/*/errors.ts: the request's language is written at the edge. Pure.

/** From the shop's midnight, in whole hours (rounded up), or "under an hour". */
function whenAgain(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= 3600) return 'You can send more from midnight (shop time), in under an hour.';
  return `You can send more from midnight (shop time), in about ${Math.ceil(retryAfterSeconds / 3600)} hours.`;
}

/**
 * The refusal of a request for `asked` e-mails when `left` of the day's `cap` remain (fewer than asked).
 */
export function allowanceRefusal(input: { cap: number; asked: number; left: number; retryAfter: number }): string {
  const first =
    input.left > 0
      ? `This would send ${input.asked} e-mails, but your account can send only ${input.left} more today (${input.cap} a day).`
      : `Your account has sent the ${input.cap} e-mails to other people it may send today.`;
  return `${first} ${whenAgain(input.retryAfter)}`;
}

/** Why an account that has not confirmed its address (and paid for nothing) may not e-mail others. */
export const CONFIRM_ADDRESS_FIRST =
  'Please confirm your e-mail address first. We send e-mails to other people only for accounts with a confirmed address or a paid order; we can e-mail you a confirmation link.';
