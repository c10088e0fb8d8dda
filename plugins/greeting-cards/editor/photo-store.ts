// Where the editor's photos are stored: a shopper's through the shop's own routes (session cookie and
// CSRF token); a template's, in the admin panel's designer, through the admin page that framed the
// editor (template-store.ts), which holds the admin's sign-in. The photo tools never call a path.
import { api, shopUrl } from './api';

export interface StoredPhoto {
  url: string;
  width: number;
  height: number;
}

/** A crop in the photo's own pixels. */
export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PhotoStore {
  upload(file: File): Promise<StoredPhoto>;
  /** Stores the box cut out of an uploaded photo (`src`, /uploads/...) as a new photo. */
  crop(src: string, box: CropBox): Promise<StoredPhoto>;
  /** A photo of handwriting, its ink lifted onto a transparent picture in `colour` (shoppers only). */
  handwriting?(file: File, colour: string): Promise<StoredPhoto>;
}

export function shopperPhotos(): PhotoStore {
  return {
    upload(file) {
      const form = new FormData();
      form.append('photo', file);
      return api<StoredPhoto>('POST', shopUrl('/editor/photos/'), form);
    },
    crop: (src, box) => api<StoredPhoto>('POST', shopUrl('/editor/photos/crop/'), { src, ...box }),
    handwriting(file, colour) {
      const form = new FormData();
      form.append('photo', file);
      form.append('colour', colour);
      return api<StoredPhoto>('POST', shopUrl('/editor/photos/handwriting/'), form);
    },
  };
}
