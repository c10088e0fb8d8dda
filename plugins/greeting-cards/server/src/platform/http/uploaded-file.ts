import type { Ctx } from './respond';

/** A file of a multipart request as Strapi's body parser (formidable) leaves it. */
export interface UploadedFile {
  filepath: string;
  size: number;
}

/** The first file sent in `field`, if any (a field sent twice arrives as a list). */
export function uploadedFile(ctx: Ctx, field: string): UploadedFile | undefined {
  const files = (ctx.request.files ?? {}) as Record<string, UploadedFile | UploadedFile[] | undefined>;
  const sent = files[field];
  return Array.isArray(sent) ? sent[0] : sent;
}
