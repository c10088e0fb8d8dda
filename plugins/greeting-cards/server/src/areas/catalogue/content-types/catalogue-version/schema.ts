import { defineType, str } from '../../../../platform/db/define-content-type';

// One row whose token changes whenever anything shoppers see in the catalogue changes. Every instance
// reads it (one indexed-free single-row SELECT) to validate ETags and its small answer cache, so an
// editor's change is visible on the next request on every instance, with no cross-process messages.
const catalogueVersion = defineType({
  singular: 'catalogue-version',
  plural: 'catalogue-versions',
  displayName: 'Catalogue version',
  curated: false,
  description: 'Changes whenever the public catalogue changes (validator for HTTP caching).',
  attributes: {
    token: str({ required: true }),
  },
});

export default catalogueVersion;
