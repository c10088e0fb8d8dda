import type { SettingKey } from './settings';

// How the admin's settings view groups the settings, and which values are secrets. A Record over
// every SettingKey: adding a setting without giving it a group fails the typecheck.
export const SETTING_GROUPS: Record<SettingKey, string> = {
  seedSampleData: 'General',
  publicUrl: 'General',
  libraryAutoSaveDrafts: 'General',
  receivedCards: 'General',
  useSystemUserDetails: 'User details',
  autoSyncUserRecipient: 'User details',
  userDetailsAdapter: 'User details',
  userProfileRelation: 'User details',
  userFieldMap: 'User details',
  profileFieldMap: 'User details',
  userModel: 'User details',
  ecardPrice: 'Prices',
  postedCardPrice: 'Prices',
  printPrice: 'Prices',
  giftWrapPrice: 'Prices',
  currency: 'Prices',
  demoPayments: 'Payments',
  stripeSecretKey: 'Payments',
  stripePublishableKey: 'Payments',
  stripeWebhookSecret: 'Payments',
  stripeApiBase: 'Payments',
  allowedRedirectOrigins: 'Payments',
  orderSuccessUrl: 'Payments',
  orderCancelUrl: 'Payments',
  subscriptionSuccessUrl: 'Subscriptions',
  subscriptionCancelUrl: 'Subscriptions',
  billingPortalReturnUrl: 'Subscriptions',
  billingProfileRelation: 'Subscriptions',
  billingFieldMap: 'Subscriptions',
  billingProfileModel: 'Subscriptions',
  billingProfileUserField: 'Subscriptions',
  canvasMaxBytes: 'Designs',
  canvasMaxObjects: 'Designs',
  defaultProduct: 'Designs',
  photoMinDpi: 'Designs',
  photoMaxPerUser: 'Designs',
  defaultFromEmail: 'Fulfilment',
  postalDeliveryBackend: 'Fulfilment',
  postalReferencePrefix: 'Fulfilment',
  printCropMarks: 'Fulfilment',
  printBackText: 'Fulfilment',
  renderer: 'Fulfilment',
  renderThumbnailsOnBoot: 'Fulfilment',
  schedulerEnabled: 'Jobs',
  deliveryMaxAttempts: 'Jobs',
  deliveryClaimLeaseSeconds: 'Jobs',
  deliveryClaimRenewSeconds: 'Jobs',
  deliveryConcurrency: 'Jobs',
  remindersEnabled: 'Jobs',
  reminderDaysBefore: 'Jobs',
  mailboxDir: 'Fulfilment',
  cartMaxItems: 'Limits and security',
  rateLimitEnabled: 'Limits and security',
  rateLimitWindowSeconds: 'Limits and security',
  rateLimitWritesPerUser: 'Limits and security',
  rateLimitWritesPerIp: 'Limits and security',
  rateLimitRendersPerUser: 'Limits and security',
  rateLimitRendersPerIp: 'Limits and security',
  rateLimitAuthPerIdentifier: 'Limits and security',
  rateLimitAuthPerIp: 'Limits and security',
  rateLimitAuthWindowSeconds: 'Limits and security',
  corsOrigins: 'Limits and security',
};

/** Values never shown in full, only masked. */
export const SECRET_SETTINGS: ReadonlySet<SettingKey> = new Set<SettingKey>(['stripeSecretKey', 'stripeWebhookSecret']);

/** A secret as operators may see it: `sk_t…9f` for a long one, `set` for a short one, `not set` when empty. */
export function maskSecret(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  if (!text) return 'not set';
  if (text.length < 12) return 'set';
  return `${text.slice(0, 4)}…${text.slice(-2)}`;
}
