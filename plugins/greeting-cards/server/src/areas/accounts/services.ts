import type { Core } from '@strapi/strapi';
import type { ServicesOf } from '../../platform/get-service';
import { deleteAccount, purgeExpired, resumeDeletions } from './deletion/deletion-service';

/** The jobs' way in: deletions to finish, and kept orders past their retention. */
const accountDeletion = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Deletes an account, or finishes deleting it; `until` stops after that step (a run cut short, for tests). */
  run: (userId: number, by: 'shopper' | 'operator', options: { until?: string } = {}) =>
    deleteAccount(strapi, userId, by, options),
  resume: () => resumeDeletions(strapi),
  purgeExpired: (now?: Date) => purgeExpired(strapi, now),
});

const services = { accountDeletion };

export default services;

declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
