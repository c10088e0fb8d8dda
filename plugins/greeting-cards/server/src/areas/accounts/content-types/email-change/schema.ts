import { defineType, int, str, dt } from '../../../../platform/db/define-content-type';

// A requested change of a shopper's e-mail address, waiting for the link sent to the new address.
const emailChange = defineType({
  singular: 'email-change',
  plural: 'email-changes',
  displayName: 'E-mail change',
  curated: false,
  description: 'A new e-mail address a shopper asked for, until the link sent to it is opened.',
  attributes: {
    user_id: int({ required: true }),
    new_email: str({ required: true }),
    // The address it replaces, as it was when asked: a change of it in between voids the link.
    old_email: str(),
    // SHA-256 of the link's token: the database never holds a working link.
    token_hash: str({ required: true }),
    expires_at: dt(),
    used_at: dt(),
  },
  unique: ['token_hash'],
  indexed: ['user_id'],
});

export default emailChange;
