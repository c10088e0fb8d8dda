import { normalisePrefix } from './image-sources';

// The URL prefixes under which the configured upload provider publishes files, read from its config
// (config/plugins.ts `upload: { config: { provider, providerOptions } }`). Pure: no I/O.

export interface UploadProviderConfig {
  provider?: string;
  providerOptions?: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** True for Strapi's default provider, which stores files in public/uploads. */
export function isLocalProvider(config: UploadProviderConfig | undefined): boolean {
  const name = String(config?.provider ?? 'local').toLowerCase();
  return name === 'local' || name === '@strapi/provider-upload-local';
}

/**
 * Prefixes derived from the provider config, then `extra` (the uploadImageOrigins setting). For the
 * aws-s3 provider: its baseUrl (a CDN or custom domain) if set, else the bucket on its endpoint in both
 * path style and virtual-host style, else the bucket's AWS addresses. Any provider's own `baseUrl`
 * counts too (Cloudinary and others are covered by the setting).
 */
export function uploadImagePrefixes(config: UploadProviderConfig | undefined, extra: readonly string[] = []): string[] {
  const found: string[] = [];
  const options = isRecord(config?.providerOptions) ? config.providerOptions : {};
  const rootPath = typeof options.rootPath === 'string' ? options.rootPath.replace(/^\/+|\/+$/g, '') : '';
  const withRoot = (base: string) => (rootPath ? `${base.replace(/\/+$/, '')}/${rootPath}` : base);
  if (typeof options.baseUrl === 'string' && options.baseUrl) found.push(withRoot(options.baseUrl));
  if (!isLocalProvider(config) && /aws-s3/.test(String(config?.provider)) && !options.baseUrl) {
    const s3 = isRecord(options.s3Options) ? options.s3Options : options;
    const params = isRecord(s3.params) ? s3.params : {};
    const bucket = typeof params.Bucket === 'string' ? params.Bucket : '';
    const region = typeof s3.region === 'string' ? s3.region : '';
    const endpoint = s3.endpoint ? String(s3.endpoint) : '';
    if (bucket && endpoint) {
      const url = normalisePrefix(/^https?:\/\//.test(endpoint) ? endpoint : `https://${endpoint}`);
      if (url) {
        const parsed = new URL(url);
        found.push(withRoot(`${url}${bucket}`));
        if (!s3.forcePathStyle) found.push(withRoot(`${parsed.protocol}//${bucket}.${parsed.host}${parsed.pathname}`));
      }
    } else if (bucket) {
      found.push(withRoot(`https://${bucket}.s3.amazonaws.com`));
      if (region)
        found.push(
          withRoot(`https://${bucket}.s3.${region}.amazonaws.com`),
          withRoot(`https://s3.${region}.amazonaws.com/${bucket}`),
        );
    }
  }
  found.push(...extra);
  return [...new Set(found.map(normalisePrefix).filter((p): p is string => p !== null))];
}
