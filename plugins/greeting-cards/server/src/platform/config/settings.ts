// Every setting of the plugin, declared once: its SERVICE_* environment variable, default, zod schema
// and description. The config type (PluginConfig), the environment parsing (fromEnvironment), the
// validation (validate.ts) and the README table (settings-table.ts) are all derived from SETTING_RECORDS.
// To add a setting, add one record here (then run `npm run docs:settings` to refresh the README).
// Precedence: default < environment variable < value given in the host's config/plugins.ts.
import { z } from 'zod';
import { PRODUCT_CODES } from '../designs/print-products/products';
import { isTimeZone } from '../time/time-zones/zones';
import { isLocale, SUPPORTED_LOCALES } from '../i18n/locales';
import {
  fieldMap,
  flag,
  integer,
  integerList,
  jsonObject,
  originList,
  text,
  type DefaultEnvironment,
  type Setting,
} from './setting-kinds';

export {
  parseBool,
  parseInteger,
  parseIntegerList,
  parseJsonObject,
  parseOriginList,
  parseString,
} from './setting-kinds';
export type { FieldMap, Setting } from './setting-kinds';

const pence = z
  .number()
  .int('must be a whole number of pence')
  .min(0, 'must not be negative')
  .max(10_000_000, 'is implausibly large');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM such as 14:00');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as GB');
const transitDays = z
  .tuple([z.number().int().min(1).max(60), z.number().int().min(1).max(60)])
  .refine(([a, b]) => a <= b, 'must be [fastest, slowest] working days');
// Per provider, per method: the price the shop adds for it and transit days per destination region
// (a country code, "EU" for the European Union, "*" for everywhere else; no entry: not served).
const postalMethodsSchema = z.record(
  z.string(),
  z.record(
    z.string().regex(/^[\w-]+$/, 'method names are letters, digits, - or _'),
    z.object({
      price: pence,
      transit: z.record(z.string().regex(/^([A-Z]{2}|\*)$/, 'regions are country codes, EU or *'), transitDays),
    }),
  ),
);
const DOMESTIC_EU_WORLD = (gb: [number, number], eu: [number, number], world: [number, number]) => ({
  GB: gb,
  EU: eu,
  '*': world,
});
const fieldMapSchema = z.record(z.string(), z.string().min(1, 'field names must not be empty'));
const absoluteUrl = /^https?:\/\/[^\s]+$/;
const returnUrl = z
  .string()
  .refine(
    (v) => v === '' || v.startsWith('/') || absoluteUrl.test(v),
    'must be an http(s) URL or a path starting with /',
  );
const contentTypeUid = z
  .string()
  .refine(
    (v) => v === '' || /^(api|plugin)::[\w-]+\.[\w-]+$/.test(v),
    'must be a content-type uid such as api::profile.profile',
  );
const relationName = z.string().regex(/^[\w]*$/, 'must be a relation name');
const perWindow = z.number().int().min(1, 'must be at least 1').max(1_000_000, 'is implausibly large');
const apiBase = z
  .string()
  .regex(/^https?:\/\/[^\s]+[^/\s]$/, 'must be an absolute http(s) URL without a trailing slash');
// Long enough not to be guessed, and safe in a URL path as it is.
const secretToken = z
  .string()
  .refine((v) => v === '' || /^[A-Za-z0-9_-]{24,}$/.test(v), 'must be at least 24 letters, digits, - or _');
// A URL path as the plugin mounts it: slash-separated plain segments, no query, no trailing dot segments.
const urlPath = z
  .string()
  .regex(
    /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?)?$/,
    'must be a path such as /shop (letters, digits, - _ . ~ between slashes)',
  );
const origin = z
  .string()
  .regex(
    /^https?:\/\/[^\s/]+$/,
    'must hold origins such as https://cards.example.com (scheme, host, optional port; no path)',
  );

/** NODE_ENV as the plugin reads it: unset means development, as Strapi's own default. */
export const nodeEnvironment = (): string => process.env.NODE_ENV || 'development';
// Development conveniences (demo payments by default, localhost links, fallback secrets, the file
// mailbox) apply only here, not in whatever environment merely is not called "production".
export const isDevelopmentOrTest = (): boolean => ['development', 'test'].includes(nodeEnvironment());

// The order here is the order the README lists them in.
export const SETTING_RECORDS = {
  seedSampleData: flag({
    env: 'SERVICE_SEED_SAMPLE_DATA',
    default: true,
    defaultWhen: { production: false },
    schema: z.boolean(),
    describe:
      'Seed sample occasions, templates, stickers, add-ons, plan and FIRSTCARD on first boot of an empty database.',
  }),
  publicUrl: text({
    // Outside development and test an unset public URL is a boot error (see environmentProblems).
    env: 'SERVICE_PUBLIC_URL',
    default: '',
    defaultWhen: { development: 'http://localhost:1337', test: 'http://localhost:1337' },
    schema: z
      .string()
      .refine(
        (v) => v === '' || absoluteUrl.test(v),
        'must be an absolute http(s) URL such as https://cards.example.com',
      ),
    describe: 'Base address used in e-card view links and e-mails.',
  }),
  libraryAutoSaveDrafts: flag({
    env: 'SERVICE_LIBRARY_AUTO_SAVE_DRAFTS',
    default: true,
    schema: z.boolean(),
    describe: "Keep each card's library entry in sync with its status; when off, drafts get no entry.",
  }),
  receivedCards: flag({
    env: 'SERVICE_RECEIVED_CARDS',
    default: true,
    schema: z.boolean(),
    describe:
      "List e-cards sent to a shopper's e-mail address under Received, once they have proven the address (the host's e-mail confirmation, or a link the plugin sends); when off, no received entries.",
  }),
  // user details
  useSystemUserDetails: flag({
    env: 'SERVICE_USE_SYSTEM_USER_DETAILS',
    default: true,
    schema: z.boolean(),
    describe: 'Read full user details through the adapter; when off, only e-mail and names.',
  }),
  autoSyncUserRecipient: flag({
    env: 'SERVICE_AUTO_SYNC_USER_RECIPIENT',
    default: true,
    schema: z.boolean(),
    describe: 'Sync the is_system_user address-book entry on login and when recipients are listed.',
  }),
  userDetailsAdapter: text({
    env: 'SERVICE_USER_DETAILS_ADAPTER',
    default: '',
    schema: z.string(),
    describe: 'Module path of a custom user-details adapter (empty: built-in).',
  }),
  userProfileRelation: text({
    env: 'SERVICE_USER_PROFILE_RELATION',
    default: '',
    schema: relationName,
    describe: 'Relation on the user that holds a profile (empty: none).',
  }),
  userFieldMap: fieldMap({
    env: 'SERVICE_USER_FIELD_MAP',
    default: { email: 'email', first_name: 'first_name', last_name: 'last_name' },
    schema: fieldMapSchema,
    describe: 'JSON map from normalised detail to user field.',
  }),
  profileFieldMap: fieldMap({
    env: 'SERVICE_PROFILE_FIELD_MAP',
    default: {},
    schema: fieldMapSchema,
    describe: 'JSON map from normalised detail to profile field.',
  }),
  userModel: text({
    env: 'SERVICE_USER_MODEL',
    default: 'plugin::users-permissions.user',
    schema: contentTypeUid.refine((v) => v !== '', 'must not be empty'),
    describe: 'Content type users authenticate as.',
  }),
  // prices, whole minor units of SERVICE_CURRENCY (the spec's "pence"; cents for EUR, yen for JPY)
  ecardPrice: integer({
    env: 'SERVICE_ECARD_PRICE',
    default: 299,
    schema: pence,
    describe: 'E-card price in pence (minor units of the currency).',
  }),
  postedCardPrice: integer({
    env: 'SERVICE_POSTED_CARD_PRICE',
    default: 399,
    schema: pence,
    describe: 'Posted card price in pence (minor units of the currency).',
  }),
  printPrice: integer({
    env: 'SERVICE_PRINT_PRICE',
    default: 0,
    schema: pence,
    describe: 'Print-at-home price in pence (minor units of the currency).',
  }),
  giftWrapPrice: integer({
    env: 'SERVICE_GIFT_WRAP_PRICE',
    default: 199,
    schema: pence,
    describe: 'Gift wrap price in pence (minor units of the currency).',
  }),
  // Video or voice message on a card (areas/media-messages): an add-on each order line carrying one pays.
  mediaMessagePrice: integer({
    env: 'SERVICE_MEDIA_MESSAGE_PRICE',
    default: 0,
    schema: pence,
    describe:
      "Price of a card's video or voice message in pence (minor units of the currency), added to each order line whose card carries one. 0: messages are free.",
  }),
  mediaMessageFreeWithPremium: flag({
    env: 'SERVICE_MEDIA_MESSAGE_FREE_WITH_PREMIUM',
    default: false,
    schema: z.boolean(),
    describe:
      'A shopper with an active premium membership (a subscription whose plan grants premium) pays nothing for video or voice messages.',
  }),
  currency: text({
    env: 'SERVICE_CURRENCY',
    default: 'GBP',
    schema: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as GBP'),
    describe:
      'ISO currency of all prices. Every amount (settings, API `*_pence` fields, gift add-ons, plans) is in its minor units: pence for GBP, cents for EUR, whole yen for JPY (no minor unit).',
  }),
  // VAT and invoices (areas/orders/invoices; the rule is in docs/invoices.md)
  pricesIncludeVat: flag({
    env: 'SERVICE_PRICES_INCLUDE_VAT',
    default: true,
    // Off: checkout adds each line's VAT to its net price and freezes the gross (docs/invoices.md).
    schema: z.boolean(),
    describe:
      "Prices are entered gross, VAT included (the UK and EU retail convention). Off: prices are entered net, and checkout adds each line's VAT (at its place of supply, rounded per line) to what the buyer pays.",
  }),
  vatRates: text({
    env: 'SERVICE_VAT_RATES',
    default: 'GB:2000',
    schema: z
      .string()
      .refine(
        (v) =>
          v.trim() === '' ||
          v.split(',').every((part) => part.trim() === '' || /^\s*[A-Za-z]{2}\s*:\s*\d{1,5}\s*$/.test(part)),
        'must be COUNTRY:basis_points pairs such as GB:2000,DE:1900',
      )
      .refine(
        (v) => v.split(',').every((part) => !part.includes(':') || Number(part.split(':')[1]) <= 10000),
        'a rate must be at most 10000 basis points (100%)',
      ),
    describe:
      "VAT rates by country in basis points (GB:2000,DE:1900 is 20% and 19%): a posted card takes its recipient's country, an e-card or print-at-home PDF the buyer's.",
  }),
  vatDefaultRate: integer({
    env: 'SERVICE_VAT_DEFAULT_RATE',
    default: 2000,
    schema: z.number().int().min(0, 'must not be negative').max(10000, 'must be at most 10000 (100%)'),
    describe: 'VAT rate in basis points for a country SERVICE_VAT_RATES does not list.',
  }),
  vatHomeCountry: text({
    env: 'SERVICE_VAT_HOME_COUNTRY',
    default: 'GB',
    schema: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as GB'),
    describe: "The shop's country: the place of supply of an e-card when the buyer's country is not known.",
  }),
  sellerName: text({
    env: 'SERVICE_SELLER_NAME',
    default: '',
    schema: z.string().max(200, 'must be at most 200 characters'),
    describe: "The seller's legal name on invoices and credit notes (empty: the shop name).",
  }),
  sellerAddress: text({
    env: 'SERVICE_SELLER_ADDRESS',
    default: '',
    schema: z.string().max(500, 'must be at most 500 characters'),
    describe: "The seller's address on invoices; lines separated by commas or new lines.",
  }),
  sellerVatNumber: text({
    env: 'SERVICE_SELLER_VAT_NUMBER',
    default: '',
    schema: z.string().max(40, 'must be at most 40 characters'),
    describe: "The seller's VAT registration number on invoices.",
  }),
  stripeTax: flag({
    env: 'SERVICE_STRIPE_TAX',
    default: false,
    schema: z.boolean(),
    describe:
      'With Stripe, let Stripe Tax compute the VAT (automatic_tax on the Checkout Session); its amounts are then the ones invoices show.',
  }),
  shopLocale: text({
    // Empty lets each request choose (?locale=, the remembered choice, Accept-Language); a code pins the shop to one language.
    env: 'SERVICE_SHOP_LOCALE',
    default: '',
    schema: z
      .string()
      .refine((v) => v === '' || isLocale(v), `must be empty or one of ${SUPPORTED_LOCALES.join(', ')}`),
    describe: `Language of the shop's pages for everyone (${SUPPORTED_LOCALES.join(', ')}); empty: each visitor's choice, then their browser's language, then English.`,
  }),
  // payments
  demoPayments: flag({
    // The spec's default of true is a development convenience: elsewhere it must be asked for.
    env: 'SERVICE_DEMO_PAYMENTS',
    default: false,
    defaultWhen: { development: true, test: true },
    schema: z.boolean(),
    describe: 'Simulate payments and subscriptions when no Stripe secret key is set.',
  }),
  stripeSecretKey: text({
    env: 'SERVICE_STRIPE_SECRET_KEY',
    default: '',
    schema: z.string(),
    describe: 'Stripe secret key; setting it turns on provider mode.',
  }),
  stripePublishableKey: text({
    env: 'SERVICE_STRIPE_PUBLISHABLE_KEY',
    default: '',
    schema: z.string(),
    describe: 'Stripe publishable key.',
  }),
  stripeWebhookSecret: text({
    env: 'SERVICE_STRIPE_WEBHOOK_SECRET',
    default: '',
    schema: z.string(),
    describe: 'Secret that signs Stripe webhooks.',
  }),
  stripeApiBase: text({
    env: 'SERVICE_STRIPE_API_BASE',
    default: '',
    schema: z.string().refine((v) => v === '' || absoluteUrl.test(v), 'must be an absolute http(s) URL'),
    describe: 'Alternative Stripe API address (tests, proxies).',
  }),
  allowedRedirectOrigins: text({
    env: 'SERVICE_ALLOWED_REDIRECT_ORIGINS',
    default: '',
    schema: z
      .string()
      .refine(
        (v) => v.split(',').every((o) => o.trim() === '' || absoluteUrl.test(o.trim())),
        'must be comma-separated http(s) origins',
      ),
    describe:
      "Comma-separated origins (besides the public URL's) that success_url, cancel_url and return_url may lead to.",
  }),
  orderSuccessUrl: text({
    env: 'SERVICE_ORDER_SUCCESS_URL',
    default: '/orders/{uuid}/',
    schema: returnUrl,
    describe: 'Where Checkout returns after paying; {uuid} is the order.',
  }),
  orderCancelUrl: text({
    env: 'SERVICE_ORDER_CANCEL_URL',
    default: '/cart/',
    schema: returnUrl,
    describe: 'Where Checkout returns when cancelled; {uuid} is the order.',
  }),
  subscriptionSuccessUrl: text({
    env: 'SERVICE_SUBSCRIPTION_SUCCESS_URL',
    default: '/subscriptions/?status=success',
    schema: returnUrl,
    describe: 'Return address after subscribing.',
  }),
  subscriptionCancelUrl: text({
    env: 'SERVICE_SUBSCRIPTION_CANCEL_URL',
    default: '/subscriptions/?status=cancelled',
    schema: returnUrl,
    describe: 'Return address when subscribing is cancelled.',
  }),
  billingPortalReturnUrl: text({
    env: 'SERVICE_BILLING_PORTAL_RETURN_URL',
    default: '/subscriptions/',
    schema: returnUrl,
    describe: 'Return address from the billing portal.',
  }),
  billingProfileRelation: text({
    env: 'SERVICE_BILLING_PROFILE_RELATION',
    default: '',
    schema: relationName,
    describe: 'Relation on the user to a host billing profile.',
  }),
  billingFieldMap: fieldMap({
    env: 'SERVICE_BILLING_FIELD_MAP',
    default: {},
    schema: fieldMapSchema.refine(
      (m) => Object.keys(m).every((k) => ['stripe_customer_id', 'email', 'name'].includes(k)),
      'keys must be stripe_customer_id, email and name',
    ),
    describe: 'JSON map of stripe_customer_id, email, name to host fields.',
  }),
  billingProfileModel: text({
    env: 'SERVICE_BILLING_PROFILE_MODEL',
    default: '',
    schema: contentTypeUid,
    describe: 'Host content type used instead of the built-in billing profile.',
  }),
  billingProfileUserField: text({
    env: 'SERVICE_BILLING_PROFILE_USER_FIELD',
    default: '',
    schema: z.string().regex(/^[\w]*$/, 'must be a field name'),
    describe: 'User relation field on that content type.',
  }),
  // design limits
  canvasMaxBytes: integer({
    env: 'SERVICE_CANVAS_MAX_BYTES',
    default: 1024 * 1024,
    schema: z.number().int().min(1024, 'must be at least 1024 bytes'),
    describe: 'Largest accepted canvas_data, in bytes.',
  }),
  canvasMaxObjects: integer({
    env: 'SERVICE_CANVAS_MAX_OBJECTS',
    default: 500,
    schema: z.number().int().min(1, 'must be at least 1'),
    describe: 'Most objects accepted in one design.',
  }),
  defaultProduct: text({
    env: 'SERVICE_DEFAULT_PRODUCT',
    default: 'a5',
    schema: z.enum(PRODUCT_CODES as [string, ...string[]], `must be one of ${PRODUCT_CODES.join(', ')}`),
    describe: `The card product (size) blank cards start on: ${PRODUCT_CODES.join(', ')} (platform/designs/print-products/products.ts). Cards from a template keep the template's product.`,
  }),
  photoMinDpi: integer({
    env: 'SERVICE_PHOTO_MIN_DPI',
    default: 150,
    schema: z.number().int().min(1, 'must be at least 1').max(2400, 'is implausibly large'),
    describe:
      'Photos whose effective resolution at print size is under this many dots per inch get a preflight warning.',
  }),
  cardPreviewDelayMs: integer({
    env: 'SERVICE_CARD_PREVIEW_DELAY_MS',
    default: 2000,
    schema: z.number().int().min(0, 'must be 0 or more').max(600_000, 'is implausibly large'),
    describe:
      "A card's list preview is redrawn this many milliseconds after the last change to its design (autosave, PATCH, POST), in the background; a burst of changes is one render.",
  }),
  photoMaxPerUser: integer({
    env: 'SERVICE_PHOTO_MAX_PER_USER',
    default: 200,
    schema: z.number().int().min(1, 'must be at least 1').max(1_000_000, 'is implausibly large'),
    describe:
      'Most photos (uploads and crops) one shopper keeps stored; past it uploads are 413. Photos on none of their cards for an hour make room.',
  }),
  // Video or voice messages on cards (areas/media-messages): how many one shopper keeps, and how much room they take.
  mediaMessageMaxPerUser: integer({
    env: 'SERVICE_MEDIA_MESSAGE_MAX_PER_USER',
    default: 20,
    schema: z.number().int().min(0, 'must be 0 or more').max(1_000_000, 'is implausibly large'),
    describe:
      'Most video or voice messages one shopper keeps (one per card); past it a new message is 413. 0 turns messages off.',
  }),
  mediaMessageStorageMbPerUser: integer({
    env: 'SERVICE_MEDIA_MESSAGE_STORAGE_MB_PER_USER',
    default: 250,
    schema: z.number().int().min(1, 'must be at least 1').max(1_000_000, 'is implausibly large'),
    describe:
      "Most megabytes one shopper's video and voice messages take together; a message that would pass it is 413. One message is at most 50 MB and 60 seconds.",
  }),
  // fulfilment
  defaultFromEmail: text({
    env: 'SERVICE_DEFAULT_FROM_EMAIL',
    default: 'Greeting Cards <cards@localhost>',
    schema: z
      .string()
      .min(3)
      .refine((v) => v.includes('@'), 'must be an e-mail address'),
    describe: 'From address of e-cards and reminders.',
  }),
  postalDeliveryBackend: text({
    env: 'SERVICE_POSTAL_DELIVERY_BACKEND',
    default: '',
    schema: z.string(),
    describe: 'Module path of a postal backend (empty: built-in stub).',
  }),
  postalReferencePrefix: text({
    env: 'SERVICE_POSTAL_REFERENCE_PREFIX',
    default: 'PB',
    schema: z.string().regex(/^[A-Z]{1,8}$/, 'must be 1 to 8 capital letters'),
    describe: "Prefix of the stub's tracking references.",
  }),
  // print-on-demand providers (platform/providers/postal/; depth in docs/postal-providers.md)
  postalProvider: text({
    env: 'SERVICE_POSTAL_PROVIDER',
    default: 'stub',
    schema: z.enum(['stub', 'prodigi', 'gelato'], 'must be stub, prodigi or gelato'),
    describe:
      'Who prints and posts posted cards: stub (keeps the PDF in a local outbox), prodigi or gelato. SERVICE_POSTAL_DELIVERY_BACKEND, when set, replaces the stub only.',
  }),
  operatorEmail: text({
    env: 'SERVICE_OPERATOR_EMAIL',
    default: '',
    schema: z.string().refine((v) => v === '' || /^[^\s@]+@[^\s@]+$/.test(v), 'must be an e-mail address'),
    describe:
      'Where the plugin e-mails operators: a posted card whose submission to the print provider failed for good (once per failure). Empty: no e-mail.',
  }),
  postalCallbackSecret: text({
    env: 'SERVICE_POSTAL_CALLBACK_SECRET',
    default: '',
    schema: secretToken,
    describe:
      'Secret in the status callback URL /api/postal/<provider>/callback/<secret> (print-file links are signed with a key of their own, derived from APP_KEYS); required for prodigi and gelato.',
  }),
  prodigiApiKey: text({
    env: 'SERVICE_PRODIGI_API_KEY',
    default: '',
    schema: z.string(),
    describe: 'Prodigi API key (sent as X-API-Key); required for prodigi.',
  }),
  prodigiApiBase: text({
    env: 'SERVICE_PRODIGI_API_BASE',
    default: 'https://api.sandbox.prodigi.com',
    schema: apiBase,
    describe: 'Prodigi API address: the sandbox by default; https://api.prodigi.com to print for real.',
  }),
  prodigiSkuMap: fieldMap({
    env: 'SERVICE_PRODIGI_SKU_MAP',
    default: {},
    schema: fieldMapSchema,
    describe:
      'JSON map from our print products (a5, a6, in5x7, square) to Prodigi SKUs, e.g. {"card":"<SKU>","a6":"<SKU>"}; "card" is required for prodigi and covers every product without an entry of its own.',
  }),
  prodigiShippingMethod: text({
    env: 'SERVICE_PRODIGI_SHIPPING_METHOD',
    default: 'Standard',
    schema: z.enum(
      ['Budget', 'Standard', 'StandardPlus', 'Express', 'Overnight'],
      'must be Budget, Standard, StandardPlus, Express or Overnight',
    ),
    describe: 'Prodigi shipping method of every posted card.',
  }),
  // arrive-by dates (platform/time/dispatch/; docs/postal-providers.md, Dispatch and arrival)
  postalMethods: jsonObject({
    env: 'SERVICE_POSTAL_METHODS',
    default: {
      prodigi: {
        Budget: { price: 0, transit: DOMESTIC_EU_WORLD([2, 5], [5, 10], [7, 21]) },
        Standard: { price: 0, transit: DOMESTIC_EU_WORLD([2, 3], [4, 8], [6, 14]) },
        StandardPlus: { price: 150, transit: DOMESTIC_EU_WORLD([1, 2], [3, 6], [5, 10]) },
        Express: { price: 450, transit: DOMESTIC_EU_WORLD([1, 1], [2, 3], [3, 5]) },
        Overnight: { price: 750, transit: { GB: [1, 1] } },
      },
      gelato: {
        normal: { price: 0, transit: DOMESTIC_EU_WORLD([2, 4], [3, 7], [5, 14]) },
        standard: { price: 100, transit: DOMESTIC_EU_WORLD([1, 3], [2, 5], [4, 10]) },
        express: { price: 450, transit: DOMESTIC_EU_WORLD([1, 1], [1, 2], [2, 4]) },
      },
      stub: { Standard: { price: 0, transit: DOMESTIC_EU_WORLD([2, 3], [4, 8], [6, 14]) } },
    },
    schema: postalMethodsSchema,
    describe:
      'JSON: per provider (prodigi, gelato, stub), per shipping method, the price added to a posted card for it (minor units) and transit working days [fastest, slowest] per destination (a country code, EU, or * for the rest; no entry: the method does not serve it). A provider quote, when it answers, prices a method at its cost above the default method instead.',
  }),
  postalCutoffs: fieldMap({
    env: 'SERVICE_POSTAL_CUTOFFS',
    default: { prodigi: '14:00', gelato: '12:00', stub: '14:00' },
    schema: z.record(z.string(), hhmm),
    describe:
      "JSON: per provider, the time (HH:MM on the shop's clock, SERVICE_TIME_ZONE) before which a card paid on the printer's working day is received that day.",
  }),
  postalPrinterCountries: fieldMap({
    env: 'SERVICE_POSTAL_PRINTER_COUNTRIES',
    default: { prodigi: 'GB', gelato: 'GB', stub: 'GB' },
    schema: z.record(z.string(), countryCode),
    describe: 'JSON: per provider, the country whose working days and public holidays the printer keeps.',
  }),
  postalProductionDays: jsonObject({
    env: 'SERVICE_POSTAL_PRODUCTION_DAYS',
    default: { card: 0 },
    schema: z.record(z.string(), z.number().int().min(0).max(20)),
    describe:
      'JSON: per print product (a5, a6, in5x7, square), working days between the printer receiving a card and posting it; "card" covers products without an entry.',
  }),
  arriveByWindowDays: integer({
    env: 'SERVICE_ARRIVE_BY_WINDOW_DAYS',
    default: 180,
    schema: z.number().int().min(7, 'must be at least 7 days').max(366, 'must be at most 366 days'),
    describe: 'How many days ahead a posted card\'s "arrive by" date may be.',
  }),
  gelatoApiKey: text({
    env: 'SERVICE_GELATO_API_KEY',
    default: '',
    schema: z.string(),
    describe: 'Gelato API key (sent as X-API-KEY); required for gelato.',
  }),
  gelatoApiBase: text({
    env: 'SERVICE_GELATO_API_BASE',
    default: 'https://order.gelatoapis.com',
    schema: apiBase,
    describe: 'Gelato Order API address (tests point it at a local fake).',
  }),
  gelatoProductMap: fieldMap({
    env: 'SERVICE_GELATO_PRODUCT_MAP',
    default: {},
    schema: fieldMapSchema,
    describe:
      'JSON map from our print products (a5, a6, in5x7, square) to Gelato productUids, e.g. {"card":"<productUid>","a6":"<productUid>"}; "card" is required for gelato and covers every product without an entry of its own.',
  }),
  gelatoShipmentMethod: text({
    env: 'SERVICE_GELATO_SHIPMENT_METHOD',
    default: 'normal',
    schema: z.string().regex(/^[\w,-]+$/, 'must be a shipmentMethodUid such as normal, standard or express'),
    describe: 'Gelato shipmentMethodUid of every posted card.',
  }),
  gelatoOrderType: text({
    env: 'SERVICE_GELATO_ORDER_TYPE',
    default: 'draft',
    schema: z.enum(['draft', 'order'], 'must be draft or order'),
    describe: "draft (Gelato's test mode: nothing is printed or charged) or order (printed and charged).",
  }),
  printCropMarks: flag({
    env: 'SERVICE_PRINT_CROP_MARKS',
    default: false,
    schema: z.boolean(),
    describe: 'Add crop marks and 3 mm bleed to print PDFs (pages grow to 303 x 216 mm).',
  }),
  printBackText: text({
    env: 'SERVICE_PRINT_BACK_TEXT',
    default: 'Greeting Cards',
    schema: z.string().max(200, 'must be at most 200 characters'),
    describe: "The shop's small print on the back of every printed card (name, web address).",
  }),
  renderer: text({
    env: 'SERVICE_RENDERER',
    default: 'puppeteer',
    schema: z.enum(['puppeteer', 'memory'], 'must be puppeteer or memory'),
    describe: 'Card renderer: puppeteer (Chromium + Fabric.js) or memory (test double, draws nothing real).',
  }),
  renderPages: integer({
    env: 'SERVICE_RENDER_PAGES',
    default: 2,
    schema: z.number().int().min(1, 'must be at least 1').max(16, 'must be at most 16'),
    describe:
      'Browser pages that draw designs at the same time, in one Chromium (about one per core: a warm render is CPU-bound). Owners still take turns for them.',
  }),
  renderMemoryMb: integer({
    env: 'SERVICE_RENDER_MEMORY_MB',
    default: 400,
    schema: z.number().int().min(0, 'must be 0 (no budget) or more').max(65_536, 'is implausibly large'),
    describe:
      "Memory budget of the renderer's Chromium: what its processes hold of their own (anonymous and shared memory, not the binary every process maps; a fresh browser with two pages holds about 300 MB). Measured between renders: a browser over it that has grown since it started is first asked to free memory, then, still over, restarted once its renders in hand finish (queued renders wait, none is lost); a page whose script heap outgrows its share is reopened. 0 turns the budget off.",
  }),
  localCacheMaxBytes: integer({
    env: 'SERVICE_LOCAL_CACHE_MAX_BYTES',
    default: 536_870_912,
    schema: z.number().int().min(0, 'must not be negative').max(1_099_511_627_776, 'must be at most 1 TiB'),
    describe:
      'With the aws-s3 upload provider: bytes of local copies of the private objects (renders, the postal outbox) one machine keeps in private/greeting-cards/bucket-cache/ (default 512 MiB); beyond it the least recently used copies are deleted and read back from the bucket when needed. Without the bucket the files in private/greeting-cards/ are the only copy and are never deleted.',
  }),
  uploadImageOrigins: originList({
    env: 'SERVICE_UPLOAD_IMAGE_ORIGINS',
    default: [],
    schema: z.array(
      z
        .string()
        .regex(/^https?:\/\/[^\s?#]+$/, 'must hold URL prefixes such as https://cdn.example.com/media (no query)'),
    ),
    describe:
      "Comma-separated URL prefixes, besides those derived from the upload provider's config, that design images may come from (and the renderer may fetch).",
  }),
  renderThumbnailsOnBoot: flag({
    env: 'SERVICE_RENDER_THUMBNAILS_ON_BOOT',
    default: true,
    defaultWhen: { test: false },
    schema: z.boolean(),
    describe: 'Render missing template thumbnails in the background after boot.',
  }),
  serviceRole: text({
    env: 'SERVICE_ROLE',
    default: 'all',
    schema: z.enum(['web', 'worker', 'all'], 'must be web, worker or all'),
    describe:
      "What this instance does: web (pages and the API; never starts Chromium or sends deliveries), worker (deliveries, renders, reminders, thumbnails; it keeps every route, so Strapi's /_health answers and a load balancer may send the print-file and PDF routes to it) or all (both, one process). See Scaling.",
  }),
  workerPollSeconds: integer({
    env: 'SERVICE_WORKER_POLL_SECONDS',
    default: 15,
    schema: z.number().int().min(1, 'must be at least 1').max(60, 'must be at most 60'),
    describe:
      'How often the delivery job (and, on a worker, the job that draws pending card previews and thumbnails) looks for work; with SERVICE_ROLE=web the web instances leave paid orders to it.',
  }),
  schedulerEnabled: flag({
    env: 'SERVICE_SCHEDULER_ENABLED',
    default: true,
    schema: z.boolean(),
    describe:
      'Run the job (every SERVICE_WORKER_POLL_SECONDS) that sends due deliveries, retries and takes over abandoned claims (never on SERVICE_ROLE=web).',
  }),
  deliveryMaxAttempts: integer({
    env: 'SERVICE_DELIVERY_MAX_ATTEMPTS',
    default: 5,
    schema: z.number().int().min(1).max(100),
    describe: 'Attempts before a delivery is marked failed.',
  }),
  deliveryClaimLeaseSeconds: integer({
    env: 'SERVICE_DELIVERY_CLAIM_LEASE_SECONDS',
    default: 30,
    schema: z.number().int().min(2, 'must be at least 2').max(3600, 'must be at most 3600'),
    describe:
      'How long a claim on a delivery holds unless its instance renews it; work of an instance that died is taken over after it.',
  }),
  deliveryClaimRenewSeconds: integer({
    env: 'SERVICE_DELIVERY_CLAIM_RENEW_SECONDS',
    default: 10,
    schema: z.number().int().min(1, 'must be at least 1').max(1800, 'must be at most 1800'),
    describe: 'How often an instance renews the claims it holds; must be under half the lease.',
  }),
  deliveryConcurrency: integer({
    env: 'SERVICE_DELIVERY_CONCURRENCY',
    // 16 with a pool of 10 SMTP connections: a send mostly waits on the SMTP server and the database, and
    // 1,000 e-cards drained in 8-9 s against 14 s with 8 and 5 (docs/performance.md, Fulfilment).
    default: 16,
    schema: z.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64'),
    describe: 'Deliveries one instance sends at the same time (renders go SERVICE_RENDER_PAGES at a time).',
  }),
  dbPreparedStatements: flag({
    env: 'SERVICE_DB_PREPARED_STATEMENTS',
    default: true,
    schema: z.boolean(),
    describe:
      'PostgreSQL: statements sent again and again are prepared once per connection and not planned anew each time (about a fifth of the database CPU of an order). Turn off behind a pooler in transaction mode (PgBouncer before 1.21).',
  }),
  smtpPoolSize: integer({
    env: 'SERVICE_SMTP_POOL_SIZE',
    default: 10,
    schema: z.number().int().min(0, 'must not be negative').max(50, 'must be at most 50'),
    describe:
      "SMTP connections kept open and shared by all e-mails (nodemailer's pool, when the e-mail plugin sends through nodemailer over SMTP); 0 opens one connection per e-mail. A pool the host set in the e-mail plugin's providerOptions is kept as it is.",
  }),
  remindersEnabled: flag({
    env: 'SERVICE_REMINDERS_ENABLED',
    default: true,
    schema: z.boolean(),
    describe:
      'Run the reminder job (hourly: each shopper is reminded once a day, at SERVICE_SCHEDULED_SEND_HOUR on their clock).',
  }),
  reminderDaysBefore: integerList({
    env: 'SERVICE_REMINDER_DAYS_BEFORE',
    default: [7, 3, 1],
    schema: z.array(z.number().int().min(0).max(365)).max(10),
    describe: 'Days before an event to remind, when a reminder sets none.',
  }),
  mailboxDir: text({
    env: 'SERVICE_MAILBOX_DIR',
    default: '.tmp/mailbox',
    schema: z.string(),
    describe: 'Development mailbox folder used when no SMTP host is set.',
  }),
  // abuse limits and browser-facing security
  cartMaxItems: integer({
    env: 'SERVICE_CART_MAX_ITEMS',
    default: 50,
    schema: z.number().int().min(1, 'must be at least 1').max(10_000, 'is implausibly large'),
    describe: 'Most items one cart may hold; adding past it is a 400.',
  }),
  bulkSendMaxRecipients: integer({
    env: 'SERVICE_BULK_SEND_MAX_RECIPIENTS',
    default: 500,
    schema: z.number().int().min(1, 'must be at least 1').max(5000, 'must be at most 5000'),
    describe:
      'Most recipients one bulk send (one card, many recipients) adds to the cart; the lines count once against SERVICE_CART_MAX_ITEMS.',
  }),
  rateLimitEnabled: flag({
    env: 'SERVICE_RATE_LIMIT_ENABLED',
    default: true,
    defaultWhen: { test: false },
    schema: z.boolean(),
    describe: 'Rate-limit writes and renders per user and per IP; answers 429 with Retry-After.',
  }),
  rateLimitWindowSeconds: integer({
    env: 'SERVICE_RATE_LIMIT_WINDOW_SECONDS',
    default: 60,
    schema: z.number().int().min(1, 'must be at least 1 second').max(86_400, 'must be at most a day'),
    describe: 'Length of the rate-limit window, in seconds.',
  }),
  rateLimitWritesPerUser: integer({
    env: 'SERVICE_RATE_LIMIT_WRITES_PER_USER',
    default: 60,
    schema: perWindow,
    describe: 'Writes (card create/save, add to cart, checkout, pay) one user may make per window.',
  }),
  rateLimitWritesPerIp: integer({
    env: 'SERVICE_RATE_LIMIT_WRITES_PER_IP',
    default: 120,
    schema: perWindow,
    describe: 'Writes one IP address may make per window.',
  }),
  rateLimitRendersPerUser: integer({
    env: 'SERVICE_RATE_LIMIT_RENDERS_PER_USER',
    default: 30,
    schema: perWindow,
    describe: 'Rendered responses (PDF downloads) one user may fetch per window.',
  }),
  rateLimitRendersPerIp: integer({
    env: 'SERVICE_RATE_LIMIT_RENDERS_PER_IP',
    default: 60,
    schema: perWindow,
    describe: 'Rendered responses (PDF downloads, the public view page) one IP may fetch per window.',
  }),
  rateLimitAuthPerIdentifier: integer({
    env: 'SERVICE_RATE_LIMIT_AUTH_PER_IDENTIFIER',
    default: 10,
    schema: perWindow,
    describe:
      'Sign-in, registration and password-reset attempts per identifier (e-mail or username) per auth window, through the pages and /api/auth/* alike.',
  }),
  rateLimitAuthPerIp: integer({
    env: 'SERVICE_RATE_LIMIT_AUTH_PER_IP',
    default: 30,
    schema: perWindow,
    describe: 'Sign-in, registration and password-reset attempts one IP may make per auth window.',
  }),
  rateLimitAuthWindowSeconds: integer({
    env: 'SERVICE_RATE_LIMIT_AUTH_WINDOW_SECONDS',
    default: 900,
    schema: z.number().int().min(1, 'must be at least 1 second').max(86_400, 'must be at most a day'),
    describe: 'Length of the window the sign-in, registration and password-reset limits count over, in seconds.',
  }),
  rateLimitSignaturesPerIp: integer({
    env: 'SERVICE_RATE_LIMIT_SIGNATURES_PER_IP',
    default: 20,
    schema: perWindow,
    describe: 'Group-card signatures (adding, editing, deleting) one IP may make per window.',
  }),
  rateLimitSignaturesPerLink: integer({
    env: 'SERVICE_RATE_LIMIT_SIGNATURES_PER_LINK',
    default: 120,
    schema: perWindow,
    describe:
      'Group-card signatures (adding, editing, deleting) one signing link may take per window, from all IPs together.',
  }),
  rateLimitAddressSubmissionsPerIp: integer({
    env: 'SERVICE_RATE_LIMIT_ADDRESS_SUBMISSIONS_PER_IP',
    default: 10,
    schema: perWindow,
    describe: 'Address-request form submissions (valid or not) one IP may make per window.',
  }),
  rateLimitAddressSubmissionsPerLink: integer({
    env: 'SERVICE_RATE_LIMIT_ADDRESS_SUBMISSIONS_PER_LINK',
    default: 30,
    schema: perWindow,
    describe:
      'Address-request form submissions (valid or not) one address link may take per window, from all IPs together.',
  }),
  rateLimitRepliesPerIp: integer({
    env: 'SERVICE_RATE_LIMIT_REPLIES_PER_IP',
    default: 10,
    schema: perWindow,
    describe:
      'Thank-you replies (sending or changing one, valid or not) one IP may post per window, through the e-card view page and the API alike.',
  }),
  addressLinkDailyCap: integer({
    env: 'SERVICE_ADDRESS_LINK_DAILY_CAP',
    default: 50,
    schema: z.number().int().min(1, 'must be at least 1').max(10_000, 'must be at most 10000'),
    describe:
      "Entries (new or updated) one address link accepts per day on the shop's clock (SERVICE_TIME_ZONE); past it the link answers 429 until midnight. Counted in the database, so it holds with rate limits off and across instances.",
  }),
  shopperEmailsPerDay: integer({
    env: 'SERVICE_SHOPPER_EMAILS_PER_DAY',
    default: 50,
    schema: z.number().int().min(1, 'must be at least 1').max(10_000, 'must be at most 10000'),
    describe:
      "E-mails one account may have the shop send to addresses it typed, per day on the shop's clock (SERVICE_TIME_ZONE): group-card invitations (one per person), e-cards sent again, and links to confirm its own address. Past it such a request answers 429 until midnight. Counted in the database, so it holds with rate limits off and across instances. Only an account with a confirmed address or a paid order may e-mail anyone but itself.",
  }),
  // a shopper's own data (areas/accounts/data-export, areas/accounts/deletion)
  accountExportsPerDay: integer({
    env: 'SERVICE_ACCOUNT_EXPORTS_PER_DAY',
    default: 3,
    schema: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100'),
    describe:
      'Downloads of "Export my data" one account may make in 24 hours (page and API together); past it the export answers 429. Counted in the database, so it holds with rate limits off and across instances.',
  }),
  accountingRetentionYears: integer({
    env: 'SERVICE_ACCOUNTING_RETENTION_YEARS',
    default: 6,
    schema: z.number().int().min(1, 'must be at least 1 year').max(30, 'must be at most 30 years'),
    describe:
      "Years the orders, payments and refunds of a deleted account are kept (their personal fields replaced) for the accounts and tax records, counted from the order's creation; the deletion job removes them after that.",
  }),
  // group cards
  groupCardMaxSignatures: integer({
    env: 'SERVICE_GROUP_CARD_MAX_SIGNATURES',
    default: 150,
    schema: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
    describe: 'Most signatures one group card takes; signing past it is a 400.',
  }),
  groupCardPhotosPerSignature: integer({
    env: 'SERVICE_GROUP_CARD_PHOTOS_PER_SIGNATURE',
    default: 2,
    schema: z.number().int().min(0, 'must be at least 0').max(10, 'must be at most 10'),
    describe: 'Most photos one group-card signer adds to their message (0: signers add none); more is a 400.',
  }),
  groupCardPhotosPerCard: integer({
    env: 'SERVICE_GROUP_CARD_PHOTOS_PER_CARD',
    default: 40,
    schema: z.number().int().min(0, 'must be at least 0').max(500, 'must be at most 500'),
    describe: "Most signers' photos one group card holds, all messages together; more is a 400.",
  }),
  shopTimeZone: text({
    // Named SERVICE_TIME_ZONE by the scheduling rules; SERVICE_SHOP_TIME_ZONE (its first name) still works.
    env: 'SERVICE_TIME_ZONE',
    formerEnv: ['SERVICE_SHOP_TIME_ZONE'],
    default: 'Europe/London',
    schema: z.string().refine((v) => isTimeZone(v), 'must be an IANA time zone such as Europe/London'),
    describe:
      "The shop's time zone: recipients and shoppers without a zone of their own get it, and group-card deadlines are typed and read on it.",
  }),
  scheduledSendHour: integer({
    env: 'SERVICE_SCHEDULED_SEND_HOUR',
    default: 9,
    schema: z.number().int().min(0, 'must be an hour from 0 to 23').max(23, 'must be an hour from 0 to 23'),
    describe:
      "Hour (0-23) on the recipient's clock at which a card scheduled for a date (no time) goes out; reminders go at this hour on the shopper's clock.",
  }),
  resendUnopenedAfterDays: integer({
    env: 'SERVICE_RESEND_UNOPENED_AFTER_DAYS',
    default: 7,
    schema: z.number().int().min(1, 'must be at least 1 day').max(365, 'must be at most 365 days'),
    describe:
      'Days after which an e-card nobody has opened may be sent again by its buyer (a failed one may be at once).',
  }),
  resendUnopenedAfterHours: integer({
    env: 'SERVICE_RESEND_UNOPENED_AFTER_HOURS',
    default: 72,
    schema: z.number().int().min(1, 'must be at least 1 hour').max(8760, 'must be at most 8760 hours (a year)'),
    describe:
      'Hours after which an e-card nobody has opened is sent once more by itself, with a gentle subject, when its sender asked for that on the send form (add_to_cart `remind_unopened`). Not the buyer\'s own "send again", which SERVICE_RESEND_UNOPENED_AFTER_DAYS governs.',
  }),
  buyerMailShipped: flag({
    env: 'SERVICE_BUYER_MAIL_SHIPPED',
    default: true,
    schema: z.boolean(),
    describe: "E-mail the buyer when a posted card ships, with the carrier's tracking link when there is one.",
  }),
  buyerMailDelivered: flag({
    env: 'SERVICE_BUYER_MAIL_DELIVERED',
    default: true,
    schema: z.boolean(),
    describe: 'E-mail the buyer when the carrier reports a posted card delivered.',
  }),
  buyerMailFailed: flag({
    env: 'SERVICE_BUYER_MAIL_FAILED',
    default: true,
    schema: z.boolean(),
    describe: 'E-mail the buyer when a card could not be sent, saying what happens next.',
  }),
  buyerMailCancelled: flag({
    env: 'SERVICE_BUYER_MAIL_CANCELLED',
    default: true,
    schema: z.boolean(),
    describe: 'E-mail the buyer when a card is cancelled, with the amount refunded.',
  }),
  buyerMailEcardSent: flag({
    env: 'SERVICE_BUYER_MAIL_ECARD_SENT',
    default: false,
    schema: z.boolean(),
    describe: 'E-mail the buyer when a scheduled e-card has gone to its recipient.',
  }),
  // A thank-you back (areas/fulfilment/ecards/replies): the recipient's short reply from the view page.
  ecardReplies: flag({
    env: 'SERVICE_ECARD_REPLIES',
    default: true,
    schema: z.boolean(),
    describe:
      "Let a card's recipient send one short reply (1 to 500 characters, an optional free sticker) from the e-card view page, changeable for a day; the sender, and a group card's signed-in signers, get it by e-mail. Off: the form is gone and the reply routes answer 404.",
  }),
  // AI message suggestions (areas/words): off until a base URL is set. Only the occasion, tone and the
  // recipient's first name are sent (docs/message-suggestions.md).
  aiBaseUrl: text({
    env: 'SERVICE_AI_BASE_URL',
    default: '',
    schema: z
      .string()
      .refine(
        (v) => v === '' || apiBase.safeParse(v).success,
        'must be an absolute http(s) URL without a trailing slash',
      ),
    describe:
      'Base URL of an OpenAI-compatible chat-completions API (e.g. https://api.example.com/v1); empty turns AI message suggestions off. Only the occasion, tone and first name are sent.',
  }),
  aiApiKey: text({
    env: 'SERVICE_AI_API_KEY',
    default: '',
    schema: z.string(),
    describe: 'Bearer key for SERVICE_AI_BASE_URL (empty sends none).',
  }),
  aiModel: text({
    env: 'SERVICE_AI_MODEL',
    default: '',
    schema: z.string().max(200, 'is too long'),
    describe: 'Model name sent to SERVICE_AI_BASE_URL; AI suggestions stay off while it is empty.',
  }),
  aiSuggestionsPerDay: integer({
    env: 'SERVICE_AI_SUGGESTIONS_PER_DAY',
    default: 10,
    schema: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
    describe: 'AI message suggestions one shopper may ask for per day (UTC).',
  }),
  groupCardReminders: flag({
    env: 'SERVICE_GROUP_CARD_REMINDERS',
    default: true,
    schema: z.boolean(),
    describe: "E-mail invited signers who have not signed one reminder a day before a group card's deadline.",
  }),
  // mount points: where the plugin's routes live inside the host app (see platform/mount/mount-points.ts)
  apiPrefix: text({
    env: 'SERVICE_API_PREFIX',
    default: '/api',
    schema: urlPath.refine((v) => v !== '/', 'must not be /'),
    describe:
      "Prefix of the plugin's API routes (`/api/templates/` by default); must start with the host's REST prefix (`/api`), e.g. /api/greeting-cards when the host has routes of its own at /api/orders.",
  }),
  storefrontEnabled: flag({
    env: 'SERVICE_STOREFRONT_ENABLED',
    default: true,
    schema: z.boolean(),
    describe:
      'Serve the storefront pages and the editor; when off, only the API, webhooks, the admin (and its designer page), the static files and the e-card view page e-mails link to are mounted.',
  }),
  storefrontBasePath: text({
    env: 'SERVICE_STOREFRONT_BASE_PATH',
    default: '/',
    schema: urlPath,
    describe:
      'Path the storefront is mounted under (e.g. /shop): its pages, redirects, sign-in links and e-mailed view links all start with it, and path-valued return addresses (SERVICE_ORDER_SUCCESS_URL...) are read under it.',
  }),
  staticPath: text({
    env: 'SERVICE_STATIC_PATH',
    default: '/greeting-cards/static',
    schema: urlPath.refine((v) => v !== '/', 'must not be /'),
    describe:
      "Path the storefront's CSS, scripts and images are served under. A file the host's public/ folder has at the same path wins, and unknown files fall through to it; old /static/ links keep working the same way.",
  }),
  // brand and templates
  shopName: text({
    env: 'SERVICE_SHOP_NAME',
    default: 'Kindred Cards',
    schema: z.string().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
    describe: 'Shop name in the header, page titles and footer.',
  }),
  shopTagline: text({
    env: 'SERVICE_SHOP_TAGLINE',
    default: 'Greeting cards, made personal',
    schema: z.string().max(160, 'must be at most 160 characters'),
    describe: 'Line above the home page heading.',
  }),
  footerText: text({
    env: 'SERVICE_FOOTER_TEXT',
    default: 'Cards designed with care, delivered on time. Prices include VAT.',
    schema: z.string().max(500, 'must be at most 500 characters'),
    describe: 'Text of the storefront footer, after the shop name.',
  }),
  logoUrl: text({
    env: 'SERVICE_LOGO_URL',
    default: '',
    schema: z
      .string()
      .refine(
        (v) => v === '' || /^\/(?![/\\])\S*$/.test(v) || absoluteUrl.test(v),
        'must be a path such as /brand/logo.svg or an http(s) URL',
      ),
    describe:
      "Logo shown in the header instead of the envelope mark (a path in the host's public/ folder is simplest: Strapi's CSP allows images from the same origin only).",
  }),
  accentColour: text({
    env: 'SERVICE_ACCENT_COLOUR',
    default: '#a3214f',
    schema: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #a3214f'),
    describe:
      "Accent colour of buttons, links and the brand mark, as #rgb or #rrggbb (only hex: the value is written into the page's CSS).",
  }),
  viewsDir: text({
    env: 'SERVICE_VIEWS_DIR',
    default: '',
    schema: z.string(),
    describe:
      "Folder (relative to the app's root, or absolute) whose .eta files replace the storefront's and the e-mails' templates of the same name (layout.eta, home.eta, partials/..., emails/ecard.html.eta); empty: the built-in views only.",
  }),
  corsOrigins: originList({
    env: 'SERVICE_CORS_ORIGINS',
    default: [],
    schema: z.array(origin),
    describe: "Comma-separated origins allowed to call the API with credentials (empty: the public URL's origin only).",
  }),
};

type Records = typeof SETTING_RECORDS;
export type SettingKey = keyof Records;

/** The typed plugin configuration: one property per record, typed by the record's schema. */
export type PluginConfig = { [K in SettingKey]: z.output<Records[K]['schema']> };

/** A record together with its key in the config object. */
export type NamedSetting = Setting & { key: SettingKey };

/** Every setting in README order. */
export const SETTINGS: NamedSetting[] = (Object.keys(SETTING_RECORDS) as SettingKey[]).map(
  (key) => ({ key, ...SETTING_RECORDS[key] }) as NamedSetting,
);

/** The schema of the whole config object, made of each record's schema. */
export const configSchema = z.object(
  Object.fromEntries(SETTINGS.map((s) => [s.key, s.schema])) as { [K in SettingKey]: Records[K]['schema'] },
);

/** The default of one setting when NODE_ENV has the given value. */
export function defaultOf(setting: Setting, nodeEnv: string | undefined = process.env.NODE_ENV): unknown {
  const overrides = setting.defaultWhen as Partial<Record<string, unknown>> | undefined;
  const envName = nodeEnv || 'development';
  const value = overrides && envName in overrides ? overrides[envName as DefaultEnvironment] : setting.default;
  // A copy, so a caller changing a map or list cannot change the next config's default.
  return structuredClone(value);
}

export function defaults(nodeEnv: string | undefined = process.env.NODE_ENV): PluginConfig {
  return Object.fromEntries(SETTINGS.map((s) => [s.key, defaultOf(s, nodeEnv)])) as PluginConfig;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(`[greeting-cards] invalid configuration: ${message}`);
    this.name = 'ConfigError';
  }
}

/** Defaults overlaid with every SERVICE_* variable present in `env`. */
export function fromEnvironment(env: NodeJS.ProcessEnv = process.env): PluginConfig {
  const config: Record<string, unknown> = defaults();
  for (const s of SETTINGS) {
    // The current name wins over a former one when both are set.
    const name = [s.env, ...(s.formerEnv ?? [])].find((n) => env[n] !== undefined && env[n] !== '');
    if (!name) continue;
    try {
      config[s.key] = s.parse(env[name]!);
    } catch (e) {
      throw new ConfigError(`${name}: ${(e as Error).message}`);
    }
  }
  return config as PluginConfig;
}

export function settingFor(key: string): NamedSetting | undefined {
  return SETTINGS.find((s) => s.key === key);
}

/** Boot rules across settings and NODE_ENV: what is a convenience in development is a hole anywhere else. */
export function environmentProblems(config: PluginConfig): string[] {
  const env = nodeEnvironment();
  const problems: string[] = [];
  if (config.deliveryClaimRenewSeconds * 2 > config.deliveryClaimLeaseSeconds) {
    problems.push(
      'SERVICE_DELIVERY_CLAIM_RENEW_SECONDS (deliveryClaimRenewSeconds) must be at most half of SERVICE_DELIVERY_CLAIM_LEASE_SECONDS: a claim could run out between renewals',
    );
  }
  if (!config.publicUrl)
    problems.push(
      `SERVICE_PUBLIC_URL (publicUrl) must be set when NODE_ENV=${env}: e-mails would have no working links`,
    );
  problems.push(...postalProviderProblems(config));
  if (!config.pricesIncludeVat && config.stripeTax)
    problems.push(
      'SERVICE_PRICES_INCLUDE_VAT (pricesIncludeVat) must stay on with SERVICE_STRIPE_TAX (stripeTax): Stripe Tax takes the VAT out of the prices the shop charges, while net prices have the shop add it; switch one of them off',
    );
  if (isDevelopmentOrTest()) return problems;
  if (config.renderer === 'memory')
    problems.push(
      `SERVICE_RENDERER (renderer) memory is a test double that draws nothing real; not allowed when NODE_ENV=${env}`,
    );
  if (config.stripeSecretKey && !config.stripeWebhookSecret) {
    problems.push(
      `SERVICE_STRIPE_WEBHOOK_SECRET (stripeWebhookSecret) must be set when SERVICE_STRIPE_SECRET_KEY is, when NODE_ENV=${env}: payments could never be confirmed`,
    );
  }
  return problems;
}

/** What a chosen print provider lacks: its key, its product map and the callback secret (every environment: a sandbox needs them too). */
export function postalProviderProblems(config: PluginConfig): string[] {
  const provider = config.postalProvider;
  if (provider === 'stub') return [];
  const needs: Array<[boolean, string]> =
    provider === 'prodigi'
      ? [
          [!config.prodigiApiKey, 'SERVICE_PRODIGI_API_KEY (prodigiApiKey) must be set'],
          [!config.prodigiSkuMap.card, 'SERVICE_PRODIGI_SKU_MAP (prodigiSkuMap) must map "card" to a Prodigi SKU'],
        ]
      : [
          [!config.gelatoApiKey, 'SERVICE_GELATO_API_KEY (gelatoApiKey) must be set'],
          [
            !config.gelatoProductMap.card,
            'SERVICE_GELATO_PRODUCT_MAP (gelatoProductMap) must map "card" to a Gelato productUid',
          ],
        ];
  needs.push([!config.postalCallbackSecret, 'SERVICE_POSTAL_CALLBACK_SECRET (postalCallbackSecret) must be set']);
  return needs
    .filter(([missing]) => missing)
    .map(([, message]) => `${message} when SERVICE_POSTAL_PROVIDER=${provider}`);
}
