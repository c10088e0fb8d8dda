import { fieldErrors } from '../errors';
import { allowedOrigins, redirectErrors } from './redirect-origins';

/** Throws 400 naming each given return URL that is not on an allowed origin (platform/http/redirect-origins.ts). */
export function assertAllowedRedirects(
  config: { publicUrl: string; allowedRedirectOrigins: string },
  urls: Record<string, string | null | undefined>,
): void {
  const errors = redirectErrors(urls, allowedOrigins(config.publicUrl, config.allowedRedirectOrigins));
  if (Object.keys(errors).length) throw fieldErrors(errors);
}
