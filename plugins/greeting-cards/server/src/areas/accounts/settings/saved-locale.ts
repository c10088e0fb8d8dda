import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../platform/http/respond';
import { getService } from '../../../platform/get-service';
import { isLocale } from '../../../platform/i18n/locales';
import { rememberLocale } from '../../../platform/web/locale';

/**
 * At sign-in: the language the shopper saved on their account page becomes this browser's choice
 * (the shop's language cookie), so every device they sign in on speaks it. A `?locale=` link still
 * switches for that browser.
 */
export async function useSavedLocale(strapi: Core.Strapi, ctx: Ctx, userId: number): Promise<void> {
  const saved = (await getService(strapi, 'accountSettings').of(userId))?.locale;
  if (isLocale(saved)) rememberLocale(strapi, ctx, saved);
}
