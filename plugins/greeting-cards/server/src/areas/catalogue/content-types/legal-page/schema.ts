import { defineType, str, text, bool, enumeration } from '../../../../platform/db/define-content-type';
import { LEGAL_PAGE_SLUGS } from '../../legal/legal-page-slugs';

const legalPage = defineType({
  singular: 'legal-page',
  plural: 'legal-pages',
  displayName: 'Legal and help page',
  curated: true,
  publishable: true,
  description:
    'Terms, privacy, imprint, delivery and returns, help and contact: shown at /legal/<page>/. The body is plain text: blank lines separate paragraphs, "## " starts a heading, "- " a list item, [text](https://...) is a link.',
  localized: ['title', 'description', 'body'],
  attributes: {
    slug: { ...enumeration(LEGAL_PAGE_SLUGS), required: true },
    title: str({ required: true }),
    description: str({ maxLength: 300 }),
    body: text({ required: true }),
    // Seeded sample texts carry this; the page warns shoppers until an editor unticks it.
    is_sample: bool(false),
  },
});

export default legalPage;
