import type { AdapterContext, DetailField, HostUser, UserDetailsAdapter } from './types';
import { query } from '../../db/query';

// When SERVICE_USE_SYSTEM_USER_DETAILS is off only these are read, and only from the user itself.
const BASIC_FIELDS: DetailField[] = ['email', 'first_name', 'last_name'];

function pick(source: Record<string, unknown> | null | undefined, map: Record<string, string>, only?: DetailField[]) {
  const out: Partial<Record<DetailField, unknown>> = {};
  if (!source) return out;
  for (const [field, hostField] of Object.entries(map)) {
    if (only && !only.includes(field as DetailField)) continue;
    out[field as DetailField] = source[hostField];
  }
  return out;
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Reads the users-permissions user through SERVICE_USER_FIELD_MAP and, when
 * SERVICE_USER_PROFILE_RELATION is set, the related profile through SERVICE_PROFILE_FIELD_MAP.
 * A profile value wins over a user value for the same detail unless it is blank.
 */
export function createDefaultUserDetailsAdapter({ strapi, config }: AdapterContext): UserDetailsAdapter {
  return {
    async getDetails(user: HostUser) {
      if (!config.useSystemUserDetails) return pick(user, config.userFieldMap, BASIC_FIELDS);
      const fromUser = pick(user, config.userFieldMap);
      const relation = config.userProfileRelation;
      if (!relation) return fromUser;
      const row = (await query(strapi, config.userModel).findOne({
        where: { id: user.id },
        populate: [relation],
      })) as Record<string, unknown> | null;
      const profile = row?.[relation];
      // A to-many relation gives a list: its first entry is the profile.
      const first = Array.isArray(profile) ? profile[0] : profile;
      const fromProfile = pick(first as Record<string, unknown> | null, config.profileFieldMap);
      const merged = { ...fromUser };
      for (const [field, value] of Object.entries(fromProfile)) {
        if (!isBlank(value)) merged[field as DetailField] = value;
      }
      return merged;
    },
  };
}
