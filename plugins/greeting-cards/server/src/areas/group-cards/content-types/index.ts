import groupCard from './group-card/schema';
import groupSignature from './group-signature/schema';

/** The content types of this area, by name. */
export default {
  'group-card': groupCard,
  'group-signature': groupSignature,
};
