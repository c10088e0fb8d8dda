import { defineType, enumeration, int, text } from '../../../../platform/db/define-content-type';
import { SUGGESTION_TONES } from '../../rules/tones';

/**
 * A message a shopper may put on a card (the editor's "Ideas"). Written per language, not translated:
 * a German suggestion is its own document in the `de` locale. `{first_name}` is the card's merge field.
 * The occasion is its slug, so a suggestion outlives a renamed or re-created occasion row.
 */
const messageSuggestion = defineType({
  singular: 'message-suggestion',
  plural: 'message-suggestions',
  displayName: 'Message suggestion',
  curated: true,
  publishable: true,
  description:
    "A message for a card, by occasion (slug), tone and language. {first_name} is filled in with the recipient's first name.",
  localized: ['text'],
  attributes: {
    text: text({ required: true, maxLength: 500 }),
    occasion: { type: 'string', required: true, maxLength: 80 },
    tone: enumeration(SUGGESTION_TONES, 'warm'),
    sort_order: int({ default: 0 }),
  },
  indexed: ['occasion'],
});

export default messageSuggestion;
