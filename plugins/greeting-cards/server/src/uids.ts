// Content-type uids in one place, so a rename is one edit.
export const UID = {
  occasion: 'plugin::greeting-cards.occasion',
  template: 'plugin::greeting-cards.template',
  asset: 'plugin::greeting-cards.asset',
  card: 'plugin::greeting-cards.card',
  libraryEntry: 'plugin::greeting-cards.library-entry',
  recipient: 'plugin::greeting-cards.recipient',
  reminder: 'plugin::greeting-cards.reminder',
  giftAddon: 'plugin::greeting-cards.gift-addon',
  promoCode: 'plugin::greeting-cards.promo-code',
  promoUse: 'plugin::greeting-cards.promo-use',
  order: 'plugin::greeting-cards.order',
  orderStatusChange: 'plugin::greeting-cards.order-status-change',
  orderItem: 'plugin::greeting-cards.order-item',
  delivery: 'plugin::greeting-cards.delivery',
  subscriptionPlan: 'plugin::greeting-cards.subscription-plan',
  subscription: 'plugin::greeting-cards.subscription',
  billingProfile: 'plugin::greeting-cards.billing-profile',
  paymentEvent: 'plugin::greeting-cards.payment-event',
  paymentIssue: 'plugin::greeting-cards.payment-issue',
  catalogueVersion: 'plugin::greeting-cards.catalogue-version',
  photo: 'plugin::greeting-cards.photo',
  emailProof: 'plugin::greeting-cards.email-proof',
  user: 'plugin::users-permissions.user',
} as const;

export type Uid = (typeof UID)[keyof typeof UID];
