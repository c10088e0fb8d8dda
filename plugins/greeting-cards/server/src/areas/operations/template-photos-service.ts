import type { Core } from '@strapi/strapi';
import type { UploadedFile } from '../../platform/http/uploaded-file';
import { storeCroppedPhoto, storePhoto, type StoredPhoto } from '../../platform/uploads/photo-upload';

/**
 * Photos on a template's design, added in the admin panel's designer: the same checks and cleaning as a
 * shopper's photo (type by content, 10 MB, metadata stripped, upright, capped in size), stored through
 * Strapi's upload plugin, so the design keeps a /uploads/... URL the design rules accept.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  upload(file: UploadedFile | undefined): Promise<StoredPhoto> {
    return storePhoto(strapi, file);
  },

  /** A new photo cut from one already stored here (body: src and the box in the photo's pixels). */
  crop(body: Record<string, unknown>): Promise<StoredPhoto> {
    return storeCroppedPhoto(strapi, body.src, body);
  },
});
