import type { Core } from '@strapi/strapi';
import type { PluginConfig } from '../../config/settings';

/** The contact details every part of the service reads about a user, whatever the host stores. */
export const DETAIL_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'county',
  'postcode',
  'country',
  'birthday',
] as const;

export type DetailField = (typeof DETAIL_FIELDS)[number];

/** Missing values are empty strings; birthday is 'YYYY-MM-DD' or null. */
export type NormalisedDetails = { [K in Exclude<DetailField, 'birthday'>]: string } & { birthday: string | null };

/** A user row as users-permissions stores it (plus whatever fields the host added). */
export interface HostUser {
  id: number;
  username?: string;
  email?: string;
  [field: string]: unknown;
}

/**
 * Replaceable part: turns a host user into normalised details. An adapter may return only some
 * fields, or values of other types; the service normalises whatever comes back.
 */
export interface UserDetailsAdapter {
  getDetails(user: HostUser): Promise<Partial<Record<DetailField, unknown>>> | Partial<Record<DetailField, unknown>>;
}

export interface AdapterContext {
  strapi: Core.Strapi;
  config: PluginConfig;
}

export type AdapterFactory = (context: AdapterContext) => UserDetailsAdapter;
