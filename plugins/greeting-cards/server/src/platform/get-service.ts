import type { Core } from '@strapi/strapi';

/**
 * The plugin's registered services by name. Empty here on purpose: each area's index.ts adds its own
 * services to it (module augmentation), so this file imports no service and services can import
 * getService without an import cycle through the registry.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GreetingCardsServices {}

/** The service objects an area's `{ name: factory }` map registers. */
export type ServicesOf<T extends Record<string, (...args: never[]) => unknown>> = { [K in keyof T]: ReturnType<T[K]> };

export type ServiceName = keyof GreetingCardsServices;
export type ServiceOf<K extends ServiceName> = GreetingCardsServices[K];

export function getService<K extends ServiceName>(strapi: Core.Strapi, name: K): ServiceOf<K> {
  return strapi.plugin('greeting-cards').service(name as string) as ServiceOf<K>;
}
