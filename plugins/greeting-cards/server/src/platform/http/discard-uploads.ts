import fs from 'fs';
import type { Ctx } from './respond';

// Every file of a multipart request lands in the system temp folder (formidable, inside strapi::body),
// EXIF and GPS included. Strapi deletes those of the field named `files` (the upload plugin's) and
// only when the request did not throw; a photo sent as `photo`, or any file sent to a route that
// refuses it (CSRF, sign-in, a policy, a rate limit, a bad picture), stayed there for good.
// This middleware (installed in bootstrap, inside strapi::body) deletes every uploaded temp file once
// the route has answered, whatever happened.
// A file parsed for a request belongs to that request, so this holds for every route of the host.

type Parsed = { filepath?: string } | Array<{ filepath?: string }> | undefined;

function tempFiles(ctx: Ctx): string[] {
  const files = (ctx.request as { files?: Record<string, Parsed> }).files;
  if (!files || typeof files !== 'object') return [];
  return Object.values(files)
    .flatMap((f) => (Array.isArray(f) ? f : [f]))
    .map((f) => f?.filepath)
    .filter((p): p is string => typeof p === 'string' && p.length > 0);
}

export function discardUploadsMiddleware() {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    try {
      await next();
    } finally {
      // Awaited: the answer goes out after the original is gone, so nothing outlives the request.
      await Promise.all(tempFiles(ctx).map((file) => fs.promises.rm(file, { force: true }).catch(() => undefined)));
    }
  };
}
