// The one piece of a shopper's own text an e-mail to someone else may show outside a quote: a name
// (security issue 39, finding 4). Subjects and greetings name the sender ("Sam Jones sent you a card")
// or the recipient ("Dear Ada,"); a shopper controls both through their account and address book, so
// anything that does not look like a person's name is not shown there at all (the e-mail says "A
// friend" instead). Everything else they wrote is in the body, marked as a quote. Pure.
//
// A name is at most MAX_WORDS words and MAX_LENGTH characters, each word letters (any script) with
// at most inner hyphens or apostrophes, optionally ending in a full stop (an initial: "J. R."). So no
// digits, no '@', no web address, no punctuation of a sentence, nothing long enough to be an advert.
// Four capitalised words still fit ("Buy Cheap Pills Now"): that much is the price of greeting
// people by name, and it carries no address to visit or number to call.

export const MAX_WORDS = 4;
export const MAX_LENGTH = 40;

const WORD = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*\.?$/u;

/** The name as it may be shown, spaces tidied; '' when it is not a name. */
export function nameForMail(raw: string | null | undefined): string {
  const text = String(raw ?? '');
  // A line break would let a "name" start a second line of its own.
  if (/[\r\n]/.test(text)) return '';
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (!words.length || words.length > MAX_WORDS) return '';
  const name = words.join(' ');
  if (name.length > MAX_LENGTH) return '';
  return words.every((word) => WORD.test(word)) ? name : '';
}
