import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query } from '../../platform/db/query';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { getConfig } from '../../platform/config/get-config';
import { msg, overLimit, unavailable, notFound } from '../../platform/errors';
import { openAiCompatible, type AiTextProvider } from '../../platform/providers/ai-text/openai-compatible';
import type { Locale } from '../../platform/i18n/locales';
import { AI_SUGGESTION_MAX_CHARS, cleanAiAnswer } from './rules/ai-answer';
import type { SuggestionTone } from './rules/tones';

export interface AiSuggestionInput {
  occasion: string;
  tone: SuggestionTone;
  first_name: string;
  locale: Locale;
}

const LANGUAGE: Record<Locale, string> = { en: 'English', de: 'German' };

/** Seconds until the next UTC midnight, when every shopper's allowance starts again. */
const secondsToMidnight = (now: Date): number => {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
};

/**
 * AI message suggestions through an OpenAI-compatible endpoint (off until SERVICE_AI_BASE_URL and
 * SERVICE_AI_MODEL are set). Only the occasion, the tone and the first name leave the shop; the answer
 * comes back as plain text of at most AI_SUGGESTION_MAX_CHARS characters.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const provider = (): AiTextProvider | null => {
    const c = getConfig(strapi);
    if (!c.aiBaseUrl || !c.aiModel) return null;
    return openAiCompatible({ baseUrl: c.aiBaseUrl, apiKey: c.aiApiKey, model: c.aiModel });
  };

  /** Takes one of today's allowance, or throws 429 (one row per use; the unique slot settles races). */
  const take = async (userId: number): Promise<void> => {
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const limit = getConfig(strapi).aiSuggestionsPerDay;
    const uses = query(strapi, UID.aiSuggestionUse);
    const used = await uses.count({ where: { owner_id: userId, day } });
    if (used >= limit) throw overLimit(msg('error.ai_suggestions_used', { count: limit }), secondsToMidnight(now));
    try {
      await uses.create({ data: { slot: `${userId}:${day}:${used + 1}`, owner_id: userId, day } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Someone took that slot at the same moment: count again.
      return take(userId);
    }
  };

  return {
    enabled: (): boolean => provider() !== null,

    async suggest(userId: number, input: AiSuggestionInput): Promise<{ text: string }> {
      const ai = provider();
      if (!ai) throw notFound();
      await take(userId);
      const language = LANGUAGE[input.locale] ?? 'English';
      const name = input.first_name || '{first_name}';
      let answer: string;
      try {
        answer = await ai.complete({
          instructions:
            `You write short messages for greeting cards, in ${language}. Answer with the message only: ` +
            `plain text, no markup, no quotation marks, at most ${Math.floor(AI_SUGGESTION_MAX_CHARS * 0.8)} characters.`,
          prompt: `Occasion: ${input.occasion}. Tone: ${input.tone}. Recipient's first name: ${name}.`,
          maxTokens: 160,
        });
      } catch (error) {
        strapi.log.warn(`[greeting-cards] AI suggestion failed: ${(error as Error).message}`);
        throw unavailable(msg('error.ai_suggestions_unavailable'));
      }
      const text = cleanAiAnswer(answer);
      if (!text) throw unavailable(msg('error.ai_suggestions_unavailable'));
      return { text };
    },
  };
};
