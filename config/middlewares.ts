export default [
  // Strapi's request log, with e-card view tokens masked (they are passwords to the cards).
  'plugin::greeting-cards.access-log',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  // includeUnparsed keeps the exact request text so Stripe webhook signatures can be verified.
  { name: 'strapi::body', config: { includeUnparsed: true } },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
