import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import {
  resolvePaymentProvider,
  resolveSubscriptionProvider,
  resolveWebhookVerifier,
  type PaymentProvider,
  type SubscriptionProvider,
} from './payment';
import { createPostalBackend } from './postal';
import type { PostalBackend } from './postal/types';
import { createStrapiEmailMailer } from './mailer/strapi-email-mailer';
import type { Mailer } from './mailer/types';
import { createRendererProvider, RefusingRenderer, type RendererProvider } from './renderer';
import { doesBackgroundWork } from '../config/service-role';
import { uploadAssetsResolver } from './renderer/upload-assets';
import { imageSourceRules } from '../uploads/image-rules';
import { loadUserDetailsAdapter } from './user-details/load-adapter';
import type { UserDetailsAdapter } from './user-details/types';
import { buildBillingProfileStore } from './billing-profile';
import type { BillingProfileStore } from './billing-profile/types';

/** Every replaceable part, by kind. `payment` and `subscription` are null when payments are off. */
export interface ProviderKinds {
  payment: PaymentProvider | null;
  subscription: SubscriptionProvider | null;
  /** Verifies and reads webhooks: the provider's scheme even in demo mode, which has no webhooks of its own. */
  webhook: PaymentProvider;
  postal: PostalBackend;
  mailer: Mailer;
  renderer: RendererProvider;
  userDetails: UserDetailsAdapter;
  billingProfile: BillingProfileStore;
}
export type ProviderKind = keyof ProviderKinds;

type Builders = { [K in ProviderKind]: (strapi: Core.Strapi) => ProviderKinds[K] };

// How each kind is built from the plugin's configuration. A wrong setting throws, naming it.
const BUILDERS: Builders = {
  payment: (strapi) => resolvePaymentProvider(getConfig(strapi)),
  subscription: (strapi) => resolveSubscriptionProvider(getConfig(strapi)),
  webhook: (strapi) => resolveWebhookVerifier(getConfig(strapi)),
  postal: (strapi) => createPostalBackend(strapi, getConfig(strapi)),
  mailer: (strapi) => {
    const config = getConfig(strapi);
    return createStrapiEmailMailer(strapi, { defaultFrom: config.defaultFromEmail, mailboxDir: config.mailboxDir });
  },
  // Cheap to build: the browser behind it starts on the first render.
  // A web instance never starts Chromium (SERVICE_ROLE): its renderer refuses, loudly.
  renderer: (strapi) => {
    if (!doesBackgroundWork(strapi)) return new RefusingRenderer();
    const { remotePrefixes } = imageSourceRules(strapi);
    const config = getConfig(strapi);
    return createRendererProvider(config.renderer, {
      resolveAsset: uploadAssetsResolver(strapi.dirs.static.public, remotePrefixes),
      remoteImagePrefixes: remotePrefixes,
      pages: config.renderPages,
      memoryBudgetMb: config.renderMemoryMb,
    });
  },
  userDetails: (strapi) => loadUserDetailsAdapter(strapi, getConfig(strapi)),
  billingProfile: (strapi) => buildBillingProfileStore(strapi, getConfig(strapi)),
};

export interface ProviderRegistry {
  get<K extends ProviderKind>(kind: K): ProviderKinds[K];
  /** Replaces one provider (tests, hosts with their own); returns a function that puts the previous one back. */
  override<K extends ProviderKind>(kind: K, impl: ProviderKinds[K]): () => void;
  /** Builds the given kinds now, so that a wrong setting stops boot instead of failing the first request. */
  build(kinds: ProviderKind[]): void;
}

function createRegistry(strapi: Core.Strapi): ProviderRegistry {
  const built = new Map<ProviderKind, unknown>();
  const get = <K extends ProviderKind>(kind: K): ProviderKinds[K] => {
    if (!built.has(kind)) built.set(kind, BUILDERS[kind](strapi));
    return built.get(kind) as ProviderKinds[K];
  };
  return {
    get,
    override(kind, impl) {
      const had = built.has(kind);
      const previous = built.get(kind);
      built.set(kind, impl);
      return () => {
        if (had) built.set(kind, previous);
        else built.delete(kind);
      };
    },
    build(kinds) {
      kinds.forEach((kind) => get(kind));
    },
  };
}

// One registry per Strapi instance (tests boot several in one process).
const registries = new WeakMap<Core.Strapi, ProviderRegistry>();

/** The providers of this Strapi instance, each built once (register/bootstrap build them eagerly). */
export function providers(strapi: Core.Strapi): ProviderRegistry {
  let registry = registries.get(strapi);
  if (!registry) {
    registry = createRegistry(strapi);
    registries.set(strapi, registry);
  }
  return registry;
}
