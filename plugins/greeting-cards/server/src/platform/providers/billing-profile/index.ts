import type { Core } from '@strapi/strapi';
import { ConfigError, type PluginConfig } from '../../config/settings';
import { UID } from '../../uids';
import { createContentTypeStore, type ProfileLocator, type ResolvedFieldMap } from './content-type-store';
import { builtInLocator, modelLocator, relationLocator } from './locators';
import { BILLING_KEYS, type BillingProfileStore } from './types';

export * from './types';
export { createMemoryBillingProfileStore } from './memory-store';

type Attributes = Record<string, { type: string; relation?: string; target?: string }>;
const TEXT_TYPES = ['string', 'text', 'email', 'uid'];

function attributesOf(strapi: Core.Strapi, uid: string): Attributes | null {
  const type = (strapi.contentTypes as unknown as Record<string, { attributes?: Attributes }>)[uid];
  return type?.attributes ?? null;
}

/**
 * The field of `uid` holding each billing value: the SERVICE_BILLING_FIELD_MAP entry, else a field of
 * the same name when the type has one. The customer id must resolve to a text field.
 */
function fieldMapFor(
  strapi: Core.Strapi,
  uid: string,
  configured: Record<string, string>,
  setting: string,
): ResolvedFieldMap {
  const attributes = attributesOf(strapi, uid)!;
  const map: Record<string, string | null> = {};
  for (const key of BILLING_KEYS) {
    const field = configured[key];
    if (field !== undefined) {
      if (!attributes[field])
        throw new ConfigError(`SERVICE_BILLING_FIELD_MAP: ${uid} has no field "${field}" (mapped from ${key})`);
      map[key] = field;
    } else map[key] = attributes[key] ? key : null;
  }
  const customer = map.stripe_customer_id;
  if (!customer)
    throw new ConfigError(
      `SERVICE_BILLING_FIELD_MAP: map stripe_customer_id to a text field of ${uid} (used with ${setting})`,
    );
  if (!TEXT_TYPES.includes(attributes[customer].type)) {
    throw new ConfigError(
      `SERVICE_BILLING_FIELD_MAP: ${uid}.${customer} must be a text field to hold the customer id, not ${attributes[customer].type}`,
    );
  }
  return map as ResolvedFieldMap;
}

/**
 * Checks the billing settings against the loaded content types and builds the store. Throws a
 * ConfigError naming the setting: an unknown content type, relation or field stops boot.
 */
export function buildBillingProfileStore(strapi: Core.Strapi, config: PluginConfig): BillingProfileStore {
  const userModel = config.userModel;
  const userAttributes = attributesOf(strapi, userModel);
  if (!userAttributes) throw new ConfigError(`SERVICE_USER_MODEL: "${userModel}" is not a content type of this app`);

  let modelStore: { locator: ProfileLocator; uid: string; setting: string } | null = null;
  if (config.billingProfileModel) {
    const uid = config.billingProfileModel;
    const attributes = attributesOf(strapi, uid);
    if (!attributes) throw new ConfigError(`SERVICE_BILLING_PROFILE_MODEL: "${uid}" is not a content type of this app`);
    const field = attributes[config.billingProfileUserField];
    if (!field || field.type !== 'relation' || field.target !== userModel) {
      throw new ConfigError(
        `SERVICE_BILLING_PROFILE_USER_FIELD: "${config.billingProfileUserField}" is not a relation of ${uid} to ${userModel}`,
      );
    }
    modelStore = {
      locator: modelLocator(strapi, uid, config.billingProfileUserField),
      uid,
      setting: 'SERVICE_BILLING_PROFILE_MODEL',
    };
  }

  let chosen = modelStore ?? {
    locator: builtInLocator(strapi, userModel),
    uid: UID.billingProfile,
    setting: 'the built-in billing profile',
  };
  if (config.billingProfileRelation) {
    const relation = userAttributes[config.billingProfileRelation];
    if (!relation || relation.type !== 'relation' || !relation.target || !attributesOf(strapi, relation.target)) {
      throw new ConfigError(
        `SERVICE_BILLING_PROFILE_RELATION: "${config.billingProfileRelation}" is not a relation of ${userModel}`,
      );
    }
    const toMany = /ToMany$/i.test(relation.relation ?? '');
    chosen = {
      locator: relationLocator(strapi, userModel, config.billingProfileRelation, relation.target, toMany),
      uid: relation.target,
      setting: 'SERVICE_BILLING_PROFILE_RELATION',
    };
  }
  // The field map describes host types; the built-in profile always uses its own names.
  const configured = chosen.uid === UID.billingProfile ? {} : config.billingFieldMap;
  if (modelStore && chosen !== modelStore)
    fieldMapFor(strapi, modelStore.uid, config.billingFieldMap, modelStore.setting);
  return createContentTypeStore(strapi, chosen.locator, fieldMapFor(strapi, chosen.uid, configured, chosen.setting));
}
