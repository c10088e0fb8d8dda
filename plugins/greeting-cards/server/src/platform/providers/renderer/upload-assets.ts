import type { AssetResolver } from './types';
import { localUploadsResolver } from './local-uploads';
import { isAllowedRemoteImage } from '../../uploads/image-sources';
import { fetchRemoteFile } from '../shared/remote-file';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * The renderer's images: /uploads/... from the public folder (the local provider), and absolute URLs
 * under the upload provider's prefixes fetched over HTTP. A remote answer that is not a raster image
 * is refused, whatever the URL says.
 */
export function uploadAssetsResolver(
  publicDir: string,
  remotePrefixes: readonly string[],
  options: { timeoutMs?: number } = {},
): AssetResolver {
  const local = localUploadsResolver(publicDir);
  const rules = { publicUrl: '', remotePrefixes };
  return async (pathOrUrl) => {
    if (pathOrUrl.startsWith('/')) return local(pathOrUrl);
    if (!isAllowedRemoteImage(pathOrUrl, rules)) return null;
    const file = await fetchRemoteFile(pathOrUrl, { timeoutMs: options.timeoutMs });
    return file && IMAGE_TYPES.includes(file.contentType) ? file : null;
  };
}
