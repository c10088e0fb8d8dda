import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { notFound } from '../../platform/errors';
import type { AuthUser } from '../../platform/http/auth';
import { fullName } from './rules/recipient-input';
import { normaliseDetails } from '../../platform/providers/user-details/normalise';
import { providers } from '../../platform/providers/registry';
import type { HostUser, NormalisedDetails } from '../../platform/providers/user-details/types';
import { query } from '../../platform/db/query';

export type UserDetails = NormalisedDetails & {
  full_name: string;
  /** Name to show as the sender of e-cards and reminders: the full name, else the username. */
  display_name: string;
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function loadUser(userOrId: number | AuthUser | HostUser): Promise<HostUser> {
    if (typeof userOrId !== 'number') return userOrId as HostUser;
    const user = await query(strapi, getConfig(strapi).userModel).findOne({ where: { id: userOrId } });
    if (!user) throw notFound();
    return user as HostUser;
  }

  return {
    /** The user's contact details through the configured adapter, normalised. */
    async forUser(userOrId: number | AuthUser): Promise<UserDetails> {
      const user = await loadUser(userOrId);
      const details = normaliseDetails(await providers(strapi).get('userDetails').getDetails(user));
      // The adapter may leave the e-mail out; the login e-mail is always known.
      if (!details.email && typeof user.email === 'string') details.email = user.email.toLowerCase();
      const full = fullName(details);
      return { ...details, full_name: full, display_name: full || String(user.username ?? '') || details.email };
    },
  };
};
