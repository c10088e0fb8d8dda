import { defineType, str, int, bool, enumeration } from '../../../../platform/db/define-content-type';
import { LINER_PATTERNS } from '../../rules/envelopes';

/**
 * An envelope an e-card can arrive in (issue 45 item 4): its paper colour and the liner seen when the
 * flap opens. The sender picks one on the send form (add_to_cart `envelope`, by slug); the e-card's
 * view page opens on it. The shop offers the published, active ones, in sort order.
 */
const envelope = defineType({
  singular: 'envelope',
  plural: 'envelopes',
  displayName: 'Envelope',
  curated: true,
  publishable: true,
  description: 'An envelope an e-card arrives in: paper colour, liner colour and pattern (#RRGGBB colours).',
  localized: ['name'],
  attributes: {
    name: str({ required: true, maxLength: 60 }),
    slug: { type: 'uid', targetField: 'name', required: true },
    color: str({ required: true, regex: '^#[0-9A-Fa-f]{6}$' }),
    liner_color: str({ required: true, regex: '^#[0-9A-Fa-f]{6}$' }),
    liner_pattern: enumeration(LINER_PATTERNS, 'plain'),
    sort_order: int({ default: 0 }),
    is_active: bool(true),
  },
});

export default envelope;
