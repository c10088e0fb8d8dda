import type { Core } from '@strapi/strapi';
import { promoUseStore } from '../orders';

/** Promo codes as operators watch them: how many uses each code holds right now. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const uses = promoUseStore(strapi);
  return {
    /** `{ uses: { CODE: n } }`, keys in capitals; a code holding no use is left out (0). */
    async usesByCode(): Promise<{ uses: Record<string, number> }> {
      return { uses: await uses.usesByCode() };
    },
  };
};
