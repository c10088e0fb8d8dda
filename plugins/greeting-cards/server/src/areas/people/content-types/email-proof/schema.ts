import { defineType, rel, str, dt } from '../../../../platform/db/define-content-type';

const emailProof = defineType({
  singular: 'email-proof',
  plural: 'email-proofs',
  displayName: 'E-mail proof',
  curated: false,
  description:
    "A confirmation link sent to a shopper's address, and whether it was opened: what shows them received cards.",
  attributes: {
    user: rel.user(),
    email: str({ required: true }),
    // SHA-256 of the link's token: the database never holds a working link.
    token_hash: str({ unique: true }),
    expires_at: dt(),
    proven_at: dt(),
  },
});

export default emailProof;
