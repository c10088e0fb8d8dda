// The editor inside the admin panel ("Open in designer" on a template's design field). The design
// comes from the admin page that framed the editor and goes back to it; the design is not stored on
// the server from here (the admin's own Save stores the template, with the API's checks). Photos are:
// the admin page uploads them with the admin's sign-in, which this page never sees. Messages are only
// taken from and sent to the parent window of this very origin.
import type { Design } from './design';
import { isProductCode, productOf } from '../server/src/platform/designs/print-products/products';
import type { CropBox, PhotoStore, StoredPhoto } from './photo-store';
import type { DesignStore, StoredDesign } from './store';
import { t } from './i18n';

const ORIGIN = window.location.origin;

interface LoadMessage {
  type: 'gc-designer:load';
  canvas_data: Partial<Design> | null;
  /** The template's product as the admin form holds it (maybe not saved yet). */
  product?: string | null;
}

function isLoad(data: unknown): data is LoadMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'gc-designer:load';
}

function toParent(message: Record<string, unknown>): void {
  if (window.parent === window) throw new Error(t('editor.error.not-in-admin'));
  window.parent.postMessage(message, ORIGIN);
}

/** Asks the framing admin page for the design; resolves with the first answer from it. */
function designFromParent(): Promise<Partial<Design> | null> {
  return new Promise((resolve, reject) => {
    if (window.parent === window) {
      reject(new Error('open it with “Open in designer” in the admin panel.'));
      return;
    }
    const listen = (event: MessageEvent) => {
      if (event.origin !== ORIGIN || event.source !== window.parent || !isLoad(event.data)) return;
      window.removeEventListener('message', listen);
      const design = event.data.canvas_data;
      const given = design && typeof design === 'object' && !Array.isArray(design) ? design : null;
      // The canvas follows the product (as the server stores it, platform/designs/print-products/canvas-size.ts):
      // a template switched to another size in the form is designed on that size's canvas at once.
      const product = event.data.product;
      if (!isProductCode(product)) return resolve(given);
      const { width, height } = productOf(product).canvas;
      resolve({ version: '7.0.0', background: '#FFFFFF', objects: [], ...(given ?? {}), width, height });
    };
    window.addEventListener('message', listen);
    toParent({ type: 'gc-designer:ready' });
  });
}

export function templateStore(): DesignStore {
  return {
    load: async (): Promise<StoredDesign> => ({
      id: 0,
      title: t('editor.page.template-design'),
      status: 'draft',
      canvas_data: await designFromParent(),
      inside_message: '',
    }),
    // No autosave: the design stays in this window until it is used.
    saveDraft: async () => undefined,
    save: async (design) => {
      toParent({ type: 'gc-designer:use', canvas_data: design });
      return { status: 'draft' };
    },
  };
}

interface ResultMessage {
  type: 'gc-designer:result';
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

function isResult(data: unknown, id: number): data is ResultMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'gc-designer:result' &&
    (data as { id?: unknown }).id === id
  );
}

// An upload of a large photo on a slow line takes a while; an admin page that never answers (an older
// admin bundle) must not leave "Uploading photo..." forever.
const ANSWER_WAIT_MS = 120_000;
let lastRequest = 0;

/** Asks the framing admin page to do something with the admin's sign-in; resolves with its answer. */
function askParent<T>(type: string, payload: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const id = ++lastRequest;
    const finish = () => {
      window.removeEventListener('message', listen);
      window.clearTimeout(timer);
    };
    const listen = (event: MessageEvent) => {
      if (event.origin !== ORIGIN || event.source !== window.parent || !isResult(event.data, id)) return;
      finish();
      if (event.data.ok) resolve(event.data.value as T);
      else reject(new Error(event.data.error || 'the admin panel refused it.'));
    };
    const timer = window.setTimeout(() => {
      finish();
      reject(new Error('the admin panel did not answer. Reload the page and try again.'));
    }, ANSWER_WAIT_MS);
    window.addEventListener('message', listen);
    try {
      toParent({ type, id, ...payload });
    } catch (error) {
      finish();
      reject(error);
    }
  });
}

/** A template's photos, uploaded and cropped by the admin page through the plugin's admin API. */
export function templatePhotos(): PhotoStore {
  return {
    upload: (file: File) => askParent<StoredPhoto>('gc-designer:photo', { file }),
    crop: (src: string, box: CropBox) => askParent<StoredPhoto>('gc-designer:crop', { src, box }),
  };
}

/** Closes the designer without changing the field. */
export function cancelDesigner(): void {
  toParent({ type: 'gc-designer:cancel' });
}
