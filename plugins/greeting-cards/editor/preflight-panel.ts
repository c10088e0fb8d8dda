// The print check beside the canvas: the card's preflight warnings and errors as the server reports
// them on card detail (GET /cards/{id}/ `preflight`), refreshed after every save and autosave. Each
// entry is a button: it opens the page the problem is on and selects the object on the canvas. A
// polite live region says how many there are, so a screen-reader user hears when one goes away.
import { isPageName } from '../server/src/platform/designs/print-products/pages';
import type { Editor } from './editor';
import { t } from './i18n';

import type { PreflightItem } from './preflight-item';

export type { PreflightItem };

const PAGE_LABEL: Record<string, string> = {
  front: 'editor.page-name.front',
  inside_left: 'editor.page-name.inside_left',
  inside_right: 'editor.page-name.inside_right',
  back: 'editor.page-name.back',
};

/** "2 warnings", "1 problem to fix and 1 warning", "Ready to print: no warnings". */
export function preflightSummary(items: PreflightItem[]): string {
  const errors = items.filter((i) => i.severity === 'error').length;
  const warnings = items.length - errors;
  if (!items.length) return t('editor.preflight.ready');
  const parts = [];
  if (errors) parts.push(t('editor.preflight.problems', { count: errors }));
  if (warnings) parts.push(t('editor.preflight.warnings', { count: warnings }));
  return parts.length === 2
    ? t('editor.preflight.and', { first: parts[0], second: parts[1] })
    : t('editor.preflight.one', { first: parts[0] });
}

export interface PreflightPanel {
  /** Reads the card's report again (after a save). */
  refresh(): Promise<void>;
  readonly items: PreflightItem[];
}

export function wirePreflightPanel(
  editor: Editor,
  root: HTMLElement,
  load: () => Promise<PreflightItem[]>,
  initial: PreflightItem[] | undefined,
): PreflightPanel {
  const list = root.querySelector('ol') as HTMLOListElement;
  const status = root.querySelector('[role="status"]') as HTMLElement;
  let items: PreflightItem[] = initial ?? [];
  let reading: Promise<void> | null = null;

  const open = async (item: PreflightItem) => {
    if (isPageName(item.page) && item.page !== editor.page) await editor.showPage(item.page);
    // An object on a page the editor does not show (a group card's extra pages) is not selectable.
    if (item.object !== null && item.page === editor.page) editor.select(item.object);
    (document.getElementById('canvas-wrap') as HTMLElement).focus();
  };

  const show = () => {
    root.dataset.count = String(items.length);
    status.textContent = preflightSummary(items);
    list.replaceChildren(
      ...items.map((item) => {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = `ed-preflight-item ed-preflight-${item.severity}`;
        button.dataset.code = item.code;
        const where = item.page ? `${PAGE_LABEL[item.page] ? t(PAGE_LABEL[item.page]) : item.page}: ` : '';
        const kind = document.createElement('strong');
        kind.textContent = t(item.severity === 'error' ? 'editor.preflight.must-fix' : 'editor.preflight.warning');
        button.append(kind, `${where}${item.message}`);
        // A warning about a whole page (an empty inside message) has nothing to select: it opens the page.
        button.title = t(item.object !== null ? 'editor.preflight.show-on-card' : 'editor.preflight.open-page');
        button.addEventListener('click', () => void open(item));
        li.append(button);
        return li;
      }),
    );
    list.hidden = !items.length;
  };

  const refresh = async () => {
    // One read at a time; a save that lands during a read asks for the newest report afterwards.
    if (reading) await reading.catch(() => undefined);
    reading = (async () => {
      try {
        items = await load();
        root.dataset.state = 'fresh';
      } catch {
        root.dataset.state = 'stale';
      }
      show();
    })();
    await reading;
    reading = null;
  };

  show();
  return {
    refresh,
    get items() {
      return items;
    },
  };
}
