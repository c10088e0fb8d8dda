import type { ServicesOf } from '../../platform/get-service';
import messageSuggestions from './suggestions-service';
import aiSuggestions from './ai-suggestions-service';

/** Help with the words: curated message suggestions and, when configured, AI ones. */
const services = {
  messageSuggestions,
  aiSuggestions,
};

export default services;

declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
