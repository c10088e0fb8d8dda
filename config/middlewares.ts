export default [
  // Strapi's request log, with e-card view tokens masked (they are passwords to the cards).
  'plugin::greeting-cards.access-log',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  // As a new app lists it: the plugin turns on includeUnparsed itself (the Stripe webhook's signature
  // is over the exact request text).
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
