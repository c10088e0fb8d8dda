import recipient from './recipient/schema';
import reminder from './reminder/schema';
import emailProof from './email-proof/schema';
import addressRequestLink from './address-request-link/schema';
import recipientTag from './recipient-tag/schema';
import mailAllowance from './mail-allowance/schema';

/** The content types of this area, by name. */
export default {
  recipient: recipient,
  reminder: reminder,
  'email-proof': emailProof,
  'address-request-link': addressRequestLink,
  'recipient-tag': recipientTag,
  'mail-allowance': mailAllowance,
};
