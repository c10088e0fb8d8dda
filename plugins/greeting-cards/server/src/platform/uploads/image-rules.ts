import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import type { ImageSourceRules } from './image-sources';
import { isLocalProvider, uploadImagePrefixes, type UploadProviderConfig } from './upload-origins';

/** The host's upload plugin config (`config/plugins.ts` upload.config). */
export function uploadProviderConfig(strapi: Core.Strapi): UploadProviderConfig {
  return (strapi.config.get('plugin::upload') ?? {}) as UploadProviderConfig;
}

/** True when files go to public/uploads (Strapi's default provider). */
export function usesLocalUploads(strapi: Core.Strapi): boolean {
  return isLocalProvider(uploadProviderConfig(strapi));
}

/** Where design images may come from: our /uploads/ paths and the provider's (or configured) URL prefixes. */
export function imageSourceRules(strapi: Core.Strapi): ImageSourceRules {
  const config = getConfig(strapi);
  return {
    publicUrl: config.publicUrl,
    remotePrefixes: uploadImagePrefixes(uploadProviderConfig(strapi), config.uploadImageOrigins),
  };
}
