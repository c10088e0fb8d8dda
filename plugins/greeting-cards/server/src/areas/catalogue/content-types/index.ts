import occasion from './occasion/schema';
import template from './template/schema';
import catalogueVersion from './catalogue-version/schema';
import asset from './asset/schema';
import giftAddon from './gift-addon/schema';
import legalPage from './legal-page/schema';
import envelope from './envelope/schema';

/** The content types of this area, by name. */
export default {
  occasion: occasion,
  template: template,
  'catalogue-version': catalogueVersion,
  asset: asset,
  'gift-addon': giftAddon,
  'legal-page': legalPage,
  envelope: envelope,
};
