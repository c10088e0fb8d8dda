import type { Area } from '../../platform/area';
import mediaMessage from './content-types/media-message/schema';
import services from './services';
import adminController from './admin-controller';
import adminRoutes from './admin-routes';

/**
 * A video or voice message on a card (issue 45 item 3): recorded in the editor or uploaded, checked from
 * its bytes, stored through the upload provider, played on the e-card view page and on a message page
 * of its own (the link a printed card's QR code carries).
 */
const area = {
  contentTypes: { 'media-message': mediaMessage },
  services,
  controllers: { 'media-messages-admin': adminController },
  routes: { admin: adminRoutes },
} satisfies Area;

export default area;

export { registerMessageRoutes, messagePagePath, captionsPath, withCaptionsUrl } from './message-routes';
export { messageOfCard, cardsWithMessage, printedMessageQr, removeByOperator, type MessageView } from './message-store';
