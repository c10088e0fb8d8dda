import catalogue from './catalogue';
import cards from './cards';
import library from './library';
import me from './me';
import recipients from './recipients';
import reminders from './reminders';
import orders from './orders';
import payments from './payments';
import subscriptions from './subscriptions';
import deliveries from './deliveries';
import postal from './postal';
import admin from './admin';
import groupCards from './group-cards';
import adminGroupCards from './admin-group-cards';
import addressRequests from './address-requests';
import recipientImport from './recipient-import';

export default { catalogue, cards, library, me, recipients, reminders, orders, payments, subscriptions, deliveries, postal, admin, 'group-cards': groupCards, 'admin-group-cards': adminGroupCards, 'address-requests': addressRequests, 'recipient-import': recipientImport };
