// The editor inside the admin panel ("Open in designer" on a template's design field). The design
// comes from the admin page that framed the editor and goes back to it; nothing is stored on the
// server from here (the admin's own Save stores the template, with the API's checks). Messages are
// only taken from and sent to the parent window of this very origin.
import type { Design } from './design';
import type { DesignStore, StoredDesign } from './store';

const ORIGIN = window.location.origin;

interface LoadMessage {
  type: 'gc-designer:load';
  canvas_data: Partial<Design> | null;
}

function isLoad(data: unknown): data is LoadMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'gc-designer:load';
}

function toParent(message: Record<string, unknown>): void {
  if (window.parent === window) throw new Error('The designer is not open from the admin panel.');
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
      resolve(design && typeof design === 'object' && !Array.isArray(design) ? design : null);
    };
    window.addEventListener('message', listen);
    toParent({ type: 'gc-designer:ready' });
  });
}

export function templateStore(): DesignStore {
  return {
    load: async (): Promise<StoredDesign> => ({
      id: 0,
      title: 'Template design',
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

/** Closes the designer without changing the field. */
export function cancelDesigner(): void {
  toParent({ type: 'gc-designer:cancel' });
}
