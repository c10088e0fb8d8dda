import { Gift } from '@strapi/icons';

export const PluginIcon = () => <Gift />;
