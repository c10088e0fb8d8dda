import type { Core } from '@strapi/strapi';
import type { ServicesOf } from '../../platform/get-service';
import { messageOfCard, removeByOperator } from './message-store';

/** Video or voice messages, for other areas and the admin: a card's message, and an operator's removal. */
const mediaMessages = ({ strapi }: { strapi: Core.Strapi }) => ({
  ofCard: (cardId: number) => messageOfCard(strapi, cardId),
  removeByOperator: (id: number, reason: string) => removeByOperator(strapi, id, reason),
});

const services = { mediaMessages };

export default services;

declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
