import { defineType, int, str } from '../../../../platform/db/define-content-type';

/**
 * One AI suggestion a shopper asked for: the daily allowance counts these rows. `slot` is
 * "<user>:<day>:<n>" with a unique index, so two racing requests cannot both take the last one.
 */
const aiSuggestionUse = defineType({
  singular: 'ai-suggestion-use',
  plural: 'ai-suggestion-uses',
  displayName: 'AI suggestion use',
  curated: false,
  description: "One AI message suggestion a shopper asked for (the daily allowance's counter).",
  attributes: {
    slot: str({ required: true }),
    owner_id: int({ required: true }),
    day: str({ required: true }),
  },
  unique: ['slot'],
  indexed: ['owner_id'],
});

export default aiSuggestionUse;
