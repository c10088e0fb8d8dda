import { AdminApiError, type AdminApi } from '../../api/client';

// What the framed designer asks the admin page to do with the admin's sign-in (the designer page has
// none of its own): store a photo for the template, or a crop of one. The same names are in
// editor/template-store.ts. The server checks everything again; these checks only keep odd messages out.

export type DesignerRequest =
  | { type: 'gc-designer:photo'; id: number; file: Blob }
  | { type: 'gc-designer:crop'; id: number; src: string; box: Record<string, number> };

export interface DesignerResult {
  type: 'gc-designer:result';
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

export function isDesignerRequest(data: unknown): data is DesignerRequest {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (typeof message.id !== 'number') return false;
  if (message.type === 'gc-designer:photo') return message.file instanceof Blob;
  return (
    message.type === 'gc-designer:crop' &&
    typeof message.src === 'string' &&
    typeof message.box === 'object' &&
    message.box !== null
  );
}

/** The server's refusal as the person at the screen should read it (a photo's problem without "photo:"). */
function reason(error: unknown): string {
  if (error instanceof AdminApiError) {
    if (error.status === 403) return 'your role may not create or edit templates, so it cannot add photos to one.';
    const messages = Object.values(error.fields).flat();
    return messages.length ? messages.join(' ') : error.message;
  }
  return error instanceof Error ? error.message : 'unknown error';
}

export async function answerDesignerRequest(api: AdminApi, request: DesignerRequest): Promise<DesignerResult> {
  const result = { type: 'gc-designer:result' as const, id: request.id };
  try {
    if (request.type === 'gc-designer:photo') {
      const form = new FormData();
      form.append('photo', request.file, request.file instanceof File ? request.file.name : 'photo');
      return { ...result, ok: true, value: await api.postForm('/designs/photos', form) };
    }
    return {
      ...result,
      ok: true,
      value: await api.postJson('/designs/photos/crop', { ...request.box, src: request.src }),
    };
  } catch (error) {
    return { ...result, ok: false, error: reason(error) };
  }
}
