import type { Core } from '@strapi/strapi';
import type services from './index';

type Services = typeof services;
export type ServiceName = keyof Services;
export type ServiceOf<K extends ServiceName> = ReturnType<Services[K]>;

export function getService<K extends ServiceName>(strapi: Core.Strapi, name: K): ServiceOf<K> {
  return strapi.plugin('greeting-cards').service(name as string) as ServiceOf<K>;
}
