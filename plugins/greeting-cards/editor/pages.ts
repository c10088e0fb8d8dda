// The page tabs: front, inside left, inside right, back. Each page is its own set of objects on the
// same canvas; undo and redo follow the page shown (the editor keeps one history per page), and the
// autosave stores the whole card whichever page changed.
import { isPageName } from '../server/src/platform/designs/print-products/pages';
import type { Editor } from './editor';

export function wirePages(editor: Editor, tabs: HTMLElement, stage: HTMLElement): void {
  const buttons = [...tabs.querySelectorAll<HTMLButtonElement>('[data-page]')];
  const show = () => {
    for (const b of buttons) b.setAttribute('aria-selected', String(b.dataset.page === editor.page));
    stage.dataset.page = editor.page;
  };
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      const page = button.dataset.page;
      if (!isPageName(page)) return;
      await editor.showPage(page);
      show();
    });
  }
  // Other parts open pages too (a print warning opens the page it is about): the tabs follow.
  editor.onChange(show);
  show();
}
