import type { DeliveryMethod } from '../../../platform/enums';
import type { FieldErrors } from './cart-input';
import { postalAddressProblems } from '../../../platform/addresses/postal-address';
import { msg, type Text } from '../../../platform/i18n/format-message';

// What each delivery method needs from the recipient and which extras it allows.
export interface RecipientFacts {
  email?: string | null;
  address_line_1?: string | null;
  city?: string | null;
  postcode?: string | null;
  country?: string | null;
}

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

export const POSTAL_FIELDS = ['address_line_1', 'city', 'postcode'] as const;

export function deliveryRuleErrors(
  method: DeliveryMethod,
  recipient: RecipientFacts | null,
  extras: { gift_addon: boolean; gift_wrap: boolean },
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: Text) => (errors[field] ??= []).push(message);
  if (method === 'ecard') {
    if (!recipient) add('recipient_id', msg('error.ecard_needs_recipient'));
    else if (!filled(recipient.email)) add('recipient_id', msg('error.ecard_needs_email'));
  }
  if (method === 'post') {
    if (!recipient) add('recipient_id', msg('error.post_needs_recipient'));
    else {
      const missing = POSTAL_FIELDS.filter((f) => !filled(recipient[f]));
      if (missing.length)
        add(
          'recipient_id',
          msg('error.post_needs_fields', { fields: POSTAL_FIELDS.join(', '), missing: missing.join(', ') }),
        );
      // Then the address's format, field by field: checked when the card is added and again at checkout.
      const problems = Object.entries(postalAddressProblems(recipient)).filter(
        ([field]) => !missing.includes(field as (typeof POSTAL_FIELDS)[number]),
      );
      for (const [field, message] of problems) add('recipient_id', msg('error.post_address_field', { field, message }));
    }
  }
  if (method !== 'post') {
    if (extras.gift_addon) add('gift_addon_id', msg('error.gift_addon_post_only'));
    if (extras.gift_wrap) add('gift_wrap', msg('error.gift_wrap_post_only'));
  }
  return errors;
}
