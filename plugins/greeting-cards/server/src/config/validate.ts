import { z } from 'zod';
import { ConfigError, environmentProblems, hardeningSchema, PluginConfig, SETTINGS } from './settings';

const pence = z.number().int('must be a whole number of pence').min(0, 'must not be negative').max(10_000_000, 'is implausibly large');
const fieldMap = z.record(z.string(), z.string().min(1, 'field names must not be empty'));
const moduleRef = z.string();
const url = z.string().refine((v) => v === '' || v.startsWith('/') || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL or a path starting with /');
const uid = z.string().refine((v) => v === '' || /^(api|plugin)::[\w-]+\.[\w-]+$/.test(v), 'must be a content-type uid such as api::profile.profile');

const schema = z.object({
  seedSampleData: z.boolean(),
  // Empty is caught by environmentProblems with a message that says why it matters.
  publicUrl: z.string().refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'must be an absolute http(s) URL such as https://cards.example.com'),
  libraryAutoSaveDrafts: z.boolean(),
  useSystemUserDetails: z.boolean(),
  autoSyncUserRecipient: z.boolean(),
  userDetailsAdapter: moduleRef,
  userProfileRelation: z.string().regex(/^[\w]*$/, 'must be a relation name'),
  userFieldMap: fieldMap,
  profileFieldMap: fieldMap,
  userModel: uid.refine((v) => v !== '', 'must not be empty'),
  ecardPrice: pence,
  postedCardPrice: pence,
  printPrice: pence,
  giftWrapPrice: pence,
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as GBP'),
  demoPayments: z.boolean(),
  stripeSecretKey: z.string(),
  stripePublishableKey: z.string(),
  stripeWebhookSecret: z.string(),
  stripeApiBase: z.string().refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'must be an absolute http(s) URL'),
  orderSuccessUrl: url,
  orderCancelUrl: url,
  subscriptionSuccessUrl: url,
  subscriptionCancelUrl: url,
  billingPortalReturnUrl: url,
  billingProfileRelation: z.string().regex(/^[\w]*$/, 'must be a relation name'),
  billingFieldMap: fieldMap.refine(
    (m) => Object.keys(m).every((k) => ['stripe_customer_id', 'email', 'name'].includes(k)),
    'keys must be stripe_customer_id, email and name',
  ),
  billingProfileModel: uid,
  billingProfileUserField: z.string().regex(/^[\w]*$/, 'must be a field name'),
  canvasMaxBytes: z.number().int().min(1024, 'must be at least 1024 bytes'),
  canvasMaxObjects: z.number().int().min(1, 'must be at least 1'),
  defaultFromEmail: z.string().min(3).refine((v) => v.includes('@'), 'must be an e-mail address'),
  postalDeliveryBackend: moduleRef,
  postalReferencePrefix: z.string().regex(/^[A-Z]{1,8}$/, 'must be 1 to 8 capital letters'),
  printCropMarks: z.boolean(),
  renderer: z.enum(['puppeteer', 'memory'], 'must be puppeteer or memory'),
  renderThumbnailsOnBoot: z.boolean(),
  schedulerEnabled: z.boolean(),
  deliveryMaxAttempts: z.number().int().min(1).max(100),
  remindersEnabled: z.boolean(),
  reminderDaysBefore: z.array(z.number().int().min(0).max(365)).max(10),
  mailboxDir: z.string(),
  ...hardeningSchema,
});

/** Throws a ConfigError naming the SERVICE_* setting (and config key) of the first bad value. */
export function validateConfig(config: unknown): PluginConfig {
  const result = schema.safeParse(config);
  if (result.success) {
    const valid = result.data as PluginConfig;
    const problems = environmentProblems(valid);
    if (problems.length) throw new ConfigError(problems.join('; '));
    if (result.data.billingProfileModel && !result.data.billingProfileUserField) {
      throw new ConfigError('SERVICE_BILLING_PROFILE_USER_FIELD must be set when SERVICE_BILLING_PROFILE_MODEL is');
    }
    return valid;
  }
  const problems = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const s = SETTINGS.find((x) => x.key === key);
    const name = s ? `${s.env} (${key})` : key || 'config';
    return `${name} ${issue.message}`;
  });
  throw new ConfigError(problems.join('; '));
}
