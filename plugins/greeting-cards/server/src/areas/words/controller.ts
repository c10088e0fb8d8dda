import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { action, type Ctx } from '../../platform/http/respond';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { choiceFilter, parseBody, queryValue, text } from '../../platform/http/body';
import { requireUser } from '../../platform/http/auth';
import { getService } from '../../platform/get-service';
import { fieldError, msg } from '../../platform/errors';
import { zodMessage } from '../../platform/i18n/format-message';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, normaliseLocale, type Locale } from '../../platform/i18n/locales';
import { SUGGESTION_TONES } from './rules/tones';

// An occasion's slug as the catalogue makes them; anything else matches nothing and is refused.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function localeOf(raw: unknown): Locale {
  if (raw === undefined || raw === '') return DEFAULT_LOCALE;
  const locale = normaliseLocale(raw);
  if (!locale)
    throw fieldError(
      'locale',
      msg('error.unsupported_language', { value: String(raw), choices: SUPPORTED_LOCALES.join(', ') }),
    );
  return locale;
}

const aiInput = z.object({
  occasion: text(80).regex(SLUG, zodMessage('error.invalid_slug')),
  tone: z.enum(SUGGESTION_TONES, { error: () => zodMessage('error.invalid_tone') }),
  // A first name only: no line breaks or markup characters reach the model.
  first_name: text(40)
    .regex(/^[^\n\r<>{}]*$/, zodMessage('error.invalid_first_name'))
    .optional()
    .default(''),
  locale: z.string().max(10).optional(),
});

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  // Public: suggestions are curated catalogue text.
  list: action(strapi, async (ctx: Ctx) => {
    const page = pageRequest(ctx.query);
    const occasion = queryValue(ctx.query, 'occasion');
    if (occasion !== undefined && (occasion.length > 80 || !SLUG.test(occasion)))
      throw fieldError('occasion', msg('error.invalid_slug'));
    const tone = choiceFilter(ctx.query, 'tone', SUGGESTION_TONES);
    const locale = localeOf(ctx.query?.locale);
    ctx.set('Cache-Control', 'public, max-age=300');
    const { count, results } = await getService(strapi, 'messageSuggestions').list({ occasion, tone, locale }, page);
    return pageOf(ctx, page, count, results);
  }),

  aiEnabled: action(strapi, async () => ({ enabled: getService(strapi, 'aiSuggestions').enabled() })),

  suggestAi: action(strapi, async (ctx: Ctx) => {
    const user = await requireUser(strapi, ctx);
    const input = parseBody(aiInput, ctx.request.body);
    const locale = localeOf(input.locale);
    ctx.set('Cache-Control', 'private, no-store');
    return getService(strapi, 'aiSuggestions').suggest(user.id, {
      ...input,
      first_name: input.first_name.trim(),
      locale,
    });
  }),
});
