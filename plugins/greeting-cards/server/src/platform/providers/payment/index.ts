import type { PluginConfig } from '../../config/settings';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe/stripe-payment-provider';
import { createDemoPaymentProvider } from './demo-payment-provider';
import { createStripeSubscriptionProvider } from './stripe/stripe-subscription-provider';
import type { SubscriptionProvider } from './subscription-provider';

export * from './payment-provider';
export { createStripeClient, createStripePaymentProvider } from './stripe/stripe-payment-provider';
export { createDemoPaymentProvider } from './demo-payment-provider';
export { createInMemoryPaymentProvider } from './in-memory-payment-provider';

export type PaymentMode = 'provider' | 'demo' | 'off';

/** Provider mode when a secret key is set; demo mode when allowed; otherwise payments are off. */
export function paymentMode(config: Pick<PluginConfig, 'stripeSecretKey' | 'demoPayments'>): PaymentMode {
  if (config.stripeSecretKey) return 'provider';
  return config.demoPayments ? 'demo' : 'off';
}

/** The provider for the current mode, or null when payments are not configured. */
export function resolvePaymentProvider(config: PluginConfig): PaymentProvider | null {
  switch (paymentMode(config)) {
    case 'provider':
      return createStripePaymentProvider({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        apiBase: config.stripeApiBase,
        automaticTax: config.stripeTax,
      });
    case 'demo':
      return createDemoPaymentProvider();
    case 'off':
      return null;
  }
}

/** Webhooks are always verified with Stripe's scheme, even when demo mode handles payments. */
export function resolveWebhookVerifier(config: PluginConfig): PaymentProvider {
  return createStripePaymentProvider({
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
    apiBase: config.stripeApiBase,
  });
}
export { createStripeSubscriptionProvider } from './stripe/stripe-subscription-provider';

/** The subscription provider in provider mode; null in demo mode or when payments are off. */
export function resolveSubscriptionProvider(config: PluginConfig): SubscriptionProvider | null {
  if (!config.stripeSecretKey) return null;
  return createStripeSubscriptionProvider({ secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase });
}
export type { SubscriptionProvider, SubscriptionCheckoutRequest } from './subscription-provider';
