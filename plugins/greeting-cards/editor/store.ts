// Where the editor's design comes from and goes to: the editor itself never calls an API path. A
// shopper's card is the only store today; another one (an admin editing a template, say) is a second
// object with these three methods, handed to `new Editor(...)` instead.
import { api, apiUrl } from './api';
import type { Design } from './design';
import type { PreflightItem } from './preflight-item';

export interface StoredDesign {
  id: number;
  title: string;
  status: string;
  canvas_data: Partial<Design> | null;
  inside_message: string;
  /** Card detail's print check (a shopper's card; a template has none). */
  preflight?: PreflightItem[];
}

export interface DesignStore {
  load(): Promise<StoredDesign>;
  /** Autosave: keeps the work without changing its status. */
  saveDraft(design: Design, message: string): Promise<void>;
  /** The explicit Save; answers the new status. */
  save(design: Design, message: string): Promise<{ status: string }>;
  /** The stored card's print check, read again after a save; absent where there is none (templates). */
  preflight?(): Promise<PreflightItem[]>;
}

/** A shopper's card through the service's own API (`PATCH` for drafts, `save_design` for Save). */
export function cardStore(id: number | string): DesignStore {
  return {
    load: () => api<StoredDesign>('GET', apiUrl(`/cards/${id}/`)),
    saveDraft: async (design, message) => {
      await api('PATCH', apiUrl(`/cards/${id}/`), { canvas_data: design, inside_message: message });
    },
    save: (design, message) =>
      api<StoredDesign>('POST', apiUrl(`/cards/${id}/save_design/`), { canvas_data: design, inside_message: message }),
    preflight: async () => (await api<StoredDesign>('GET', apiUrl(`/cards/${id}/`))).preflight ?? [],
  };
}
