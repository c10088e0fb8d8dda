import type { Area } from '../../platform/area';
import messageSuggestion from './content-types/message-suggestion/schema';
import aiSuggestionUse from './content-types/ai-suggestion-use/schema';
import services from './services';
import wordsController from './controller';
import api from './routes';

/** Help with the words: message suggestions editors curate, and AI ones when the operator turns them on. */
const area = {
  contentTypes: { 'message-suggestion': messageSuggestion, 'ai-suggestion-use': aiSuggestionUse },
  services,
  controllers: { words: wordsController },
  routes: { api: [...api] },
} satisfies Area;

export default area;

export { seedMessageSuggestions } from './seed/seed-suggestions';
export { SUGGESTION_TONES } from './rules/tones';
