import { z } from 'zod';
// The one place where the spec's SERVICE_* names are mapped to the plugin's typed configuration.
// Each setting has a key in the config object, an environment variable, a default and a parser.
// Precedence: default < environment variable < value given in the host's config/plugins.ts.

export type FieldMap = Record<string, string>;

export interface PluginConfig extends HardeningConfig {
  seedSampleData: boolean;
  publicUrl: string;
  libraryAutoSaveDrafts: boolean;
  // user details
  useSystemUserDetails: boolean;
  autoSyncUserRecipient: boolean;
  userDetailsAdapter: string;
  userProfileRelation: string;
  userFieldMap: FieldMap;
  profileFieldMap: FieldMap;
  userModel: string;
  // prices, integer pence
  ecardPrice: number;
  postedCardPrice: number;
  printPrice: number;
  giftWrapPrice: number;
  currency: string;
  // payments
  demoPayments: boolean;
  stripeSecretKey: string;
  stripePublishableKey: string;
  stripeWebhookSecret: string;
  stripeApiBase: string;
  orderSuccessUrl: string;
  orderCancelUrl: string;
  subscriptionSuccessUrl: string;
  subscriptionCancelUrl: string;
  billingPortalReturnUrl: string;
  billingProfileRelation: string;
  billingFieldMap: FieldMap;
  billingProfileModel: string;
  billingProfileUserField: string;
  // design limits
  canvasMaxBytes: number;
  canvasMaxObjects: number;
  // fulfilment
  defaultFromEmail: string;
  postalDeliveryBackend: string;
  postalReferencePrefix: string;
  printCropMarks: boolean;
  renderer: string;
  renderThumbnailsOnBoot: boolean;
  schedulerEnabled: boolean;
  deliveryMaxAttempts: number;
  remindersEnabled: boolean;
  reminderDaysBefore: number[];
  mailboxDir: string;
}

type Parser<T> = (raw: string) => T;

export interface Setting<K extends keyof PluginConfig = keyof PluginConfig> {
  key: K;
  env: string;
  parse: Parser<PluginConfig[K]>;
  describe: string;
}

const isProduction = () => process.env.NODE_ENV === 'production';
// Development conveniences (demo payments by default, localhost links) apply only here, not in
// whatever environment merely is not called "production" (staging, preview...).
export const isDevelopmentOrTest = () => ['development', 'test'].includes(process.env.NODE_ENV || 'development');

export const parseBool: Parser<boolean> = (raw) => {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`expected true or false, got "${raw}"`);
};
export const parseString: Parser<string> = (raw) => raw.trim();
export const parseInteger: Parser<number> = (raw) => {
  if (!/^-?\d+$/.test(raw.trim())) throw new Error(`expected a whole number, got "${raw}"`);
  return Number(raw.trim());
};
export const parseJsonObject: Parser<FieldMap> = (raw) => {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error(`expected a JSON object such as {"email":"email"}, got "${raw}"`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected a JSON object');
  return value as FieldMap;
};
export const parseIntegerList: Parser<number[]> = (raw) => {
  const text = raw.trim();
  const items = text.startsWith('[') ? (JSON.parse(text) as unknown[]).map(String) : text.split(',');
  return items.filter((s) => s.trim() !== '').map((s) => parseInteger(String(s)));
};

function setting<K extends keyof PluginConfig>(key: K, env: string, parse: Parser<PluginConfig[K]>, describe: string): Setting<K> {
  return { key, env, parse, describe };
}

// ----- BEGIN hardening settings (issue 9) ---------------------------------------------------------
// Declared together so they can be ported as one piece: key, env name, default, validation, meaning.

export interface HardeningConfig {
  cartMaxItems: number;
  rateLimitEnabled: boolean;
  rateLimitWindowSeconds: number;
  rateLimitWritesPerUser: number;
  rateLimitWritesPerIp: number;
  rateLimitRendersPerUser: number;
  rateLimitRendersPerIp: number;
  corsOrigins: string[];
}

export const parseOriginList: Parser<string[]> = (raw) => raw.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean);

const perWindow = z.number().int().min(1, 'must be at least 1').max(1_000_000, 'is implausibly large');
const origin = z.string().regex(/^https?:\/\/[^\s/]+$/, 'must hold origins such as https://cards.example.com (scheme, host, optional port; no path)');

const HARDENING: Array<{ setting: Setting; fallback: () => unknown; schema: z.ZodType }> = [
  {
    setting: setting('cartMaxItems', 'SERVICE_CART_MAX_ITEMS', parseInteger, 'Most items one cart may hold; adding past it is a 400.'),
    fallback: () => 50,
    schema: z.number().int().min(1, 'must be at least 1').max(10_000, 'is implausibly large'),
  },
  {
    setting: setting('rateLimitEnabled', 'SERVICE_RATE_LIMIT_ENABLED', parseBool, 'Rate-limit writes and renders per user and per IP (off when NODE_ENV=test); answers 429 with Retry-After.'),
    fallback: () => process.env.NODE_ENV !== 'test',
    schema: z.boolean(),
  },
  {
    setting: setting('rateLimitWindowSeconds', 'SERVICE_RATE_LIMIT_WINDOW_SECONDS', parseInteger, 'Length of the rate-limit window, in seconds.'),
    fallback: () => 60,
    schema: z.number().int().min(1, 'must be at least 1 second').max(86_400, 'must be at most a day'),
  },
  {
    setting: setting('rateLimitWritesPerUser', 'SERVICE_RATE_LIMIT_WRITES_PER_USER', parseInteger, 'Writes (card create/save, add to cart, checkout, pay) one user may make per window.'),
    fallback: () => 60,
    schema: perWindow,
  },
  {
    setting: setting('rateLimitWritesPerIp', 'SERVICE_RATE_LIMIT_WRITES_PER_IP', parseInteger, 'Writes one IP address may make per window.'),
    fallback: () => 120,
    schema: perWindow,
  },
  {
    setting: setting('rateLimitRendersPerUser', 'SERVICE_RATE_LIMIT_RENDERS_PER_USER', parseInteger, 'Rendered responses (PDF downloads) one user may fetch per window.'),
    fallback: () => 30,
    schema: perWindow,
  },
  {
    setting: setting('rateLimitRendersPerIp', 'SERVICE_RATE_LIMIT_RENDERS_PER_IP', parseInteger, 'Rendered responses (PDF downloads, the public view page) one IP may fetch per window.'),
    fallback: () => 60,
    schema: perWindow,
  },
  {
    setting: setting('corsOrigins', 'SERVICE_CORS_ORIGINS', parseOriginList, 'Comma-separated origins allowed to call the API with credentials (empty: the public URL\'s origin only).'),
    fallback: () => [],
    schema: z.array(origin),
  },
];

export const HARDENING_SETTINGS: Setting[] = HARDENING.map((h) => h.setting);
export const hardeningSchema = Object.fromEntries(HARDENING.map((h) => [h.setting.key, h.schema])) as Record<keyof HardeningConfig, z.ZodType>;
export function hardeningDefaults(): HardeningConfig {
  return Object.fromEntries(HARDENING.map((h) => [h.setting.key, h.fallback()])) as unknown as HardeningConfig;
}

/** Production boot rules: what is a convenience in development is a hole anywhere else. */
export function environmentProblems(config: PluginConfig): string[] {
  const env = process.env.NODE_ENV || 'development';
  const problems: string[] = [];
  if (!config.publicUrl) problems.push(`SERVICE_PUBLIC_URL (publicUrl) must be set when NODE_ENV=${env}: e-mails would have no working links`);
  if (isDevelopmentOrTest()) return problems;
  if (config.renderer === 'memory') problems.push(`SERVICE_RENDERER (renderer) memory is a test double that draws nothing real; not allowed when NODE_ENV=${env}`);
  if (config.stripeSecretKey && !config.stripeWebhookSecret) {
    problems.push(`SERVICE_STRIPE_WEBHOOK_SECRET (stripeWebhookSecret) must be set when SERVICE_STRIPE_SECRET_KEY is, when NODE_ENV=${env}: payments could never be confirmed`);
  }
  return problems;
}
// ----- END hardening settings ----------------------------------------------------------------------

// The order here is the order the README lists them in.
export const SETTINGS: Setting[] = [
  setting('seedSampleData', 'SERVICE_SEED_SAMPLE_DATA', parseBool, 'Seed sample occasions, templates, stickers, add-ons, plan and FIRSTCARD on first boot of an empty database.'),
  setting('publicUrl', 'SERVICE_PUBLIC_URL', parseString, 'Base address used in e-card view links and e-mails.'),
  setting('libraryAutoSaveDrafts', 'SERVICE_LIBRARY_AUTO_SAVE_DRAFTS', parseBool, 'Keep each card\'s library entry in sync with its status; when off, drafts get no entry.'),
  setting('useSystemUserDetails', 'SERVICE_USE_SYSTEM_USER_DETAILS', parseBool, 'Read full user details through the adapter; when off, only e-mail and names.'),
  setting('autoSyncUserRecipient', 'SERVICE_AUTO_SYNC_USER_RECIPIENT', parseBool, 'Sync the is_system_user address-book entry on login and when recipients are listed.'),
  setting('userDetailsAdapter', 'SERVICE_USER_DETAILS_ADAPTER', parseString, 'Module path of a custom user-details adapter (empty: built-in).'),
  setting('userProfileRelation', 'SERVICE_USER_PROFILE_RELATION', parseString, 'Relation on the user that holds a profile (empty: none).'),
  setting('userFieldMap', 'SERVICE_USER_FIELD_MAP', parseJsonObject, 'JSON map from normalised detail to user field.'),
  setting('profileFieldMap', 'SERVICE_PROFILE_FIELD_MAP', parseJsonObject, 'JSON map from normalised detail to profile field.'),
  setting('userModel', 'SERVICE_USER_MODEL', parseString, 'Content type users authenticate as.'),
  setting('ecardPrice', 'SERVICE_ECARD_PRICE', parseInteger, 'E-card price in pence.'),
  setting('postedCardPrice', 'SERVICE_POSTED_CARD_PRICE', parseInteger, 'Posted card price in pence.'),
  setting('printPrice', 'SERVICE_PRINT_PRICE', parseInteger, 'Print-at-home price in pence.'),
  setting('giftWrapPrice', 'SERVICE_GIFT_WRAP_PRICE', parseInteger, 'Gift wrap price in pence.'),
  setting('currency', 'SERVICE_CURRENCY', parseString, 'ISO currency of all prices.'),
  setting('demoPayments', 'SERVICE_DEMO_PAYMENTS', parseBool, 'Simulate payments and subscriptions when no Stripe secret key is set.'),
  setting('stripeSecretKey', 'SERVICE_STRIPE_SECRET_KEY', parseString, 'Stripe secret key; setting it turns on provider mode.'),
  setting('stripePublishableKey', 'SERVICE_STRIPE_PUBLISHABLE_KEY', parseString, 'Stripe publishable key.'),
  setting('stripeWebhookSecret', 'SERVICE_STRIPE_WEBHOOK_SECRET', parseString, 'Secret that signs Stripe webhooks.'),
  setting('stripeApiBase', 'SERVICE_STRIPE_API_BASE', parseString, 'Alternative Stripe API address (tests, proxies).'),
  setting('orderSuccessUrl', 'SERVICE_ORDER_SUCCESS_URL', parseString, 'Where Checkout returns after paying; {uuid} is the order.'),
  setting('orderCancelUrl', 'SERVICE_ORDER_CANCEL_URL', parseString, 'Where Checkout returns when cancelled; {uuid} is the order.'),
  setting('subscriptionSuccessUrl', 'SERVICE_SUBSCRIPTION_SUCCESS_URL', parseString, 'Return address after subscribing.'),
  setting('subscriptionCancelUrl', 'SERVICE_SUBSCRIPTION_CANCEL_URL', parseString, 'Return address when subscribing is cancelled.'),
  setting('billingPortalReturnUrl', 'SERVICE_BILLING_PORTAL_RETURN_URL', parseString, 'Return address from the billing portal.'),
  setting('billingProfileRelation', 'SERVICE_BILLING_PROFILE_RELATION', parseString, 'Relation on the user to a host billing profile.'),
  setting('billingFieldMap', 'SERVICE_BILLING_FIELD_MAP', parseJsonObject, 'JSON map of stripe_customer_id, email, name to host fields.'),
  setting('billingProfileModel', 'SERVICE_BILLING_PROFILE_MODEL', parseString, 'Host content type used instead of the built-in billing profile.'),
  setting('billingProfileUserField', 'SERVICE_BILLING_PROFILE_USER_FIELD', parseString, 'User relation field on that content type.'),
  setting('canvasMaxBytes', 'SERVICE_CANVAS_MAX_BYTES', parseInteger, 'Largest accepted canvas_data, in bytes.'),
  setting('canvasMaxObjects', 'SERVICE_CANVAS_MAX_OBJECTS', parseInteger, 'Most objects accepted in one design.'),
  setting('defaultFromEmail', 'SERVICE_DEFAULT_FROM_EMAIL', parseString, 'From address of e-cards and reminders.'),
  setting('postalDeliveryBackend', 'SERVICE_POSTAL_DELIVERY_BACKEND', parseString, 'Module path of a postal backend (empty: built-in stub).'),
  setting('postalReferencePrefix', 'SERVICE_POSTAL_REFERENCE_PREFIX', parseString, 'Prefix of the stub\'s tracking references.'),
  setting('printCropMarks', 'SERVICE_PRINT_CROP_MARKS', parseBool, 'Add crop marks and 3 mm bleed to print PDFs (pages grow to 303 x 216 mm).'),
  setting('renderer', 'SERVICE_RENDERER', parseString, 'Card renderer: puppeteer (Chromium + Fabric.js) or memory (test double, draws nothing real).'),
  setting('renderThumbnailsOnBoot', 'SERVICE_RENDER_THUMBNAILS_ON_BOOT', parseBool, 'Render missing template thumbnails in the background after boot (off when NODE_ENV=test).'),
  setting('schedulerEnabled', 'SERVICE_SCHEDULER_ENABLED', parseBool, 'Run the every-minute job that sends due deliveries.'),
  setting('deliveryMaxAttempts', 'SERVICE_DELIVERY_MAX_ATTEMPTS', parseInteger, 'Attempts before a delivery is marked failed.'),
  setting('remindersEnabled', 'SERVICE_REMINDERS_ENABLED', parseBool, 'Run the daily reminder job.'),
  setting('reminderDaysBefore', 'SERVICE_REMINDER_DAYS_BEFORE', parseIntegerList, 'Days before an event to remind, when a reminder sets none.'),
  setting('mailboxDir', 'SERVICE_MAILBOX_DIR', parseString, 'Development mailbox folder used when no SMTP host is set.'),
  ...HARDENING_SETTINGS,
];

export function defaults(): PluginConfig {
  return {
    seedSampleData: !isProduction(),
    // Outside development an unset public URL is a boot error (see environmentProblems).
    publicUrl: isDevelopmentOrTest() ? 'http://localhost:1337' : '',
    libraryAutoSaveDrafts: true,
    useSystemUserDetails: true,
    autoSyncUserRecipient: true,
    userDetailsAdapter: '',
    userProfileRelation: '',
    userFieldMap: { email: 'email', first_name: 'first_name', last_name: 'last_name' },
    profileFieldMap: {},
    userModel: 'plugin::users-permissions.user',
    ecardPrice: 299,
    postedCardPrice: 399,
    printPrice: 0,
    giftWrapPrice: 199,
    currency: 'GBP',
    // The spec's default of true is a development convenience: elsewhere it must be asked for.
    demoPayments: isDevelopmentOrTest(),
    stripeSecretKey: '',
    stripePublishableKey: '',
    stripeWebhookSecret: '',
    stripeApiBase: '',
    orderSuccessUrl: '/orders/{uuid}/',
    orderCancelUrl: '/cart/',
    subscriptionSuccessUrl: '/subscriptions/?status=success',
    subscriptionCancelUrl: '/subscriptions/?status=cancelled',
    billingPortalReturnUrl: '/subscriptions/',
    billingProfileRelation: '',
    billingFieldMap: {},
    billingProfileModel: '',
    billingProfileUserField: '',
    canvasMaxBytes: 1024 * 1024,
    canvasMaxObjects: 500,
    defaultFromEmail: 'Greeting Cards <cards@localhost>',
    postalDeliveryBackend: '',
    postalReferencePrefix: 'PB',
    printCropMarks: false,
    renderer: 'puppeteer',
    renderThumbnailsOnBoot: process.env.NODE_ENV !== 'test',
    schedulerEnabled: true,
    deliveryMaxAttempts: 5,
    remindersEnabled: true,
    reminderDaysBefore: [7, 3, 1],
    mailboxDir: '.tmp/mailbox',
    ...hardeningDefaults(),
  };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(`[greeting-cards] invalid configuration: ${message}`);
    this.name = 'ConfigError';
  }
}

/** Defaults overlaid with every SERVICE_* variable present in `env`. */
export function fromEnvironment(env: NodeJS.ProcessEnv = process.env): PluginConfig {
  const config = defaults() as unknown as Record<string, unknown>;
  for (const s of SETTINGS) {
    const raw = env[s.env];
    if (raw === undefined || raw === '') continue;
    try {
      config[s.key] = s.parse(raw);
    } catch (e) {
      throw new ConfigError(`${s.env}: ${(e as Error).message}`);
    }
  }
  return config as unknown as PluginConfig;
}

export function settingFor(key: string): Setting | undefined {
  return SETTINGS.find((s) => s.key === key);
}
