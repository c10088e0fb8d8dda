/** The tones a message suggestion is written in (the editor's Ideas panel filters by them). */
export const SUGGESTION_TONES = ['warm', 'funny', 'formal'] as const;
export type SuggestionTone = (typeof SUGGESTION_TONES)[number];
export const isTone = (v: unknown): v is SuggestionTone => SUGGESTION_TONES.includes(v as SuggestionTone);
