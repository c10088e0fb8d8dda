// The print check in the send form: before a posted or printed card goes to the basket, the shopper
// sees its warnings and chooses: "Fix it first" (back to the editor's print check) or the submit
// button, which then says "Print it as it is: add to cart", so going ahead is the acknowledgement
// itself and the form needs no extra step. Errors (an object off the card, a design that cannot be
// rendered) cannot be accepted: the button stays off, and checkout refuses them too.
import type { Editor } from './editor';
import type { PreflightItem, PreflightPanel } from './preflight-panel';
import { t } from './i18n';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const PRINTED = new Set(['post', 'print']);

export function sendFormChecks(editor: Editor, panel: PreflightPanel | undefined, submit: HTMLButtonElement) {
  const box = $('send-preflight');
  const summary = $('send-preflight-summary');
  const list = $<HTMLUListElement>('send-preflight-list');
  const fix = $<HTMLButtonElement>('send-fix');
  fix.addEventListener('click', () => {
    $<HTMLDialogElement>('send-dialog').close();
    (document.querySelector('#preflight .ed-preflight-item') as HTMLElement | null)?.focus();
  });

  /** The card's report, with the empty-inside warning the server gives only once the card is in a posted item. */
  const itemsFor = (method: string): PreflightItem[] => {
    const items = [...(panel?.items ?? [])];
    if (method === 'post' && !editor.message.trim() && !items.some((i) => i.code === 'empty_inside_message')) {
      items.push({
        code: 'empty_inside_message',
        severity: 'warning',
        page: 'inside_right',
        object: null,
        message: t('editor.send.empty-inside'),
      });
    }
    return items;
  };

  const show = (method: string) => {
    const items = itemsFor(method);
    const errors = items.filter((i) => i.severity === 'error');
    const printed = PRINTED.has(method);
    box.hidden = !items.length;
    summary.textContent = !items.length
      ? ''
      : printed && errors.length
        ? t('editor.send.cannot-print')
        : printed
          ? t('editor.send.check-warnings')
          : t('editor.send.ecard-warnings');
    list.replaceChildren(
      ...items.map((i) =>
        Object.assign(document.createElement('li'), {
          textContent: `${i.severity === 'error' ? t('editor.send.must-fix') : ''}${i.message}`,
        }),
      ),
    );
    const warned = printed && items.length > 0;
    // Only the card's own report can be fixed in the editor's list; an empty message is fixed beside it.
    fix.hidden = !warned;
    submit.textContent = t(warned && !errors.length ? 'editor.send.print-as-is' : 'editor.send.add-to-cart');
    submit.disabled = printed && errors.length > 0;
  };

  /** Why the form cannot go ahead yet, or null. */
  const refusal = (method: string): string | null => {
    if (!PRINTED.has(method)) return null;
    const items = itemsFor(method);
    if (items.some((i) => i.severity === 'error')) return t('editor.send.fix-before');
    return null;
  };

  return { show, refusal };
}
