// The settings an editor may change on the admin settings page (stored in Strapi's store, see
// stored-settings.ts). Only what runs the shop day to day: prices, currency, brand, reminders and how
// cards are delivered, and which e-mails buyers get. Infrastructure (addresses, providers, limits, mount points) and secrets stay in
// the environment: a wrong value there breaks the service rather than the shop window.
// Each value is checked by its own record's schema in settings.ts, so the page and SERVICE_* agree.
import { z } from 'zod';
import { SETTING_RECORDS, type PluginConfig, type SettingKey } from './settings';

export const EDITABLE_KEYS = [
  'ecardPrice',
  'postedCardPrice',
  'printPrice',
  'giftWrapPrice',
  'currency',
  'shopName',
  'shopTagline',
  'footerText',
  'logoUrl',
  'accentColour',
  'reminderDaysBefore',
  'scheduledSendHour',
  'resendUnopenedAfterDays',
  'groupCardReminders',
  'printCropMarks',
  'printBackText',
  'buyerMailShipped',
  'buyerMailDelivered',
  'buyerMailFailed',
  'buyerMailCancelled',
  'buyerMailEcardSent',
] as const satisfies readonly SettingKey[];

export type EditableKey = (typeof EDITABLE_KEYS)[number];
export type EditableValues = Partial<Pick<PluginConfig, EditableKey>>;

/** Amounts in whole minor units of the currency; the page shows and takes them as decimals. */
export const MONEY_KEYS: ReadonlySet<SettingKey> = new Set<SettingKey>([
  'ecardPrice',
  'postedCardPrice',
  'printPrice',
  'giftWrapPrice',
]);

export const isEditable = (key: string): key is EditableKey => (EDITABLE_KEYS as readonly string[]).includes(key);

// A typo such as "GPB" passes the record's three-capitals rule; on the page it must be a currency
// Intl knows, since the page converts decimals with that currency's minor units.
const knownCurrency = (code: string) => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('currency').includes(code);
  } catch {
    return true;
  }
};

const schemaOf = (key: EditableKey): z.ZodType => {
  const schema = SETTING_RECORDS[key].schema as z.ZodType;
  return key === 'currency'
    ? schema.refine((v) => knownCurrency(String(v)), 'is not a currency code Intl knows (ISO 4217, e.g. GBP, EUR, JPY)')
    : schema;
};

/**
 * The editable values of a change: each known key checked by its schema; null means "back to the
 * default" (the key is dropped from the store). Unknown keys are refused, so a typo is never silently
 * ignored. Errors come back per field, ready for the {"field": ["message"]} answer.
 */
export function checkEditable(body: Record<string, unknown>): {
  values: Record<string, unknown>;
  cleared: EditableKey[];
  errors: Record<string, string[]>;
} {
  const values: Record<string, unknown> = {};
  const cleared: EditableKey[] = [];
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!isEditable(key)) {
      errors[key] = [key in SETTING_RECORDS ? 'cannot be changed here: set it in the environment' : 'is not a setting'];
      continue;
    }
    if (value === null) {
      cleared.push(key);
      continue;
    }
    const result = schemaOf(key).safeParse(value);
    if (result.success) values[key] = result.data;
    else errors[key] = result.error.issues.map((issue) => issue.message);
  }
  return { values, cleared, errors };
}

/** Stored values that still pass today's schemas (a stored value an upgrade made invalid is skipped). */
export function validStoredValues(stored: unknown): { values: EditableValues; skipped: string[] } {
  const values: Record<string, unknown> = {};
  const skipped: string[] = [];
  if (!stored || typeof stored !== 'object') return { values, skipped };
  for (const [key, value] of Object.entries(stored)) {
    if (!isEditable(key)) continue;
    const result = schemaOf(key).safeParse(value);
    if (result.success) values[key] = result.data;
    else skipped.push(key);
  }
  return { values: values as EditableValues, skipped };
}

/** The sections of the page's form. */
export const FORM_GROUPS: Record<EditableKey, string> = {
  ecardPrice: 'Prices',
  postedCardPrice: 'Prices',
  printPrice: 'Prices',
  giftWrapPrice: 'Prices',
  currency: 'Prices',
  shopName: 'Brand',
  shopTagline: 'Brand',
  footerText: 'Brand',
  logoUrl: 'Brand',
  accentColour: 'Brand',
  reminderDaysBefore: 'Reminders',
  scheduledSendHour: 'Reminders',
  groupCardReminders: 'Reminders',
  resendUnopenedAfterDays: 'Delivery',
  printCropMarks: 'Delivery',
  printBackText: 'Delivery',
  buyerMailShipped: 'Buyer e-mails',
  buyerMailDelivered: 'Buyer e-mails',
  buyerMailFailed: 'Buyer e-mails',
  buyerMailCancelled: 'Buyer e-mails',
  buyerMailEcardSent: 'Buyer e-mails',
};
