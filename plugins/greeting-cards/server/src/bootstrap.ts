import type { Core } from '@strapi/strapi';
import { getConfig } from './config/get-config';
import { ensureDatabaseConstraints } from './db-constraints';
import { seedSampleData } from './seed/seed-sample-data';
import { checkProfileRelation } from './providers/user-details/load-adapter';

const bootstrap = async ({ strapi }: { strapi: Core.Strapi }) => {
  const config = getConfig(strapi);
  checkProfileRelation(strapi, config);
  await ensureDatabaseConstraints(strapi);
  if (config.seedSampleData) await seedSampleData(strapi);
};

export default bootstrap;
