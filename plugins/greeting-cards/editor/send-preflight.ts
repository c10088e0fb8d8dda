// The print check in the send form: before a posted or printed card goes to the basket, the shopper
// sees its warnings and either fixes them or ticks "Print it as it is". Errors (an object off the
// card, a design that cannot be rendered) cannot be accepted: checkout refuses them too.
import type { Editor } from './editor';
import type { PreflightItem, PreflightPanel } from './preflight-panel';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const PRINTED = new Set(['post', 'print']);

export function sendFormChecks(editor: Editor, panel: PreflightPanel | undefined, submit: HTMLButtonElement) {
  const box = $('send-preflight');
  const summary = $('send-preflight-summary');
  const list = $<HTMLUListElement>('send-preflight-list');
  const acceptRow = $('send-accept-row');
  const accept = $<HTMLInputElement>('send-accept');

  /** The card's report, with the empty-inside warning the server gives only once the card is in a posted item. */
  const itemsFor = (method: string): PreflightItem[] => {
    const items = [...(panel?.items ?? [])];
    if (method === 'post' && !editor.message.trim() && !items.some((i) => i.code === 'empty_inside_message')) {
      items.push({ code: 'empty_inside_message', severity: 'warning', page: 'inside_right', object: null, message: 'The inside of this posted card is empty: add a message, or send it blank on purpose.' });
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
        ? 'This card cannot be printed yet. Cancel, fix these in the editor (see Print check), then send it:'
        : printed
          ? 'Before it is printed, check these warnings:'
          : 'Print warnings (an e-card is not printed, but have a look):';
    list.replaceChildren(...items.map((i) => Object.assign(document.createElement('li'), { textContent: `${i.severity === 'error' ? 'Must fix: ' : ''}${i.message}` })));
    acceptRow.hidden = !(printed && items.length && !errors.length);
    if (acceptRow.hidden) accept.checked = false;
    submit.disabled = printed && errors.length > 0;
  };

  /** Why the form cannot go ahead yet, or null. */
  const refusal = (method: string): string | null => {
    if (!PRINTED.has(method)) return null;
    const items = itemsFor(method);
    if (items.some((i) => i.severity === 'error')) return 'Fix the problems marked “Must fix” before this card can be printed.';
    if (items.length && !accept.checked) {
      accept.focus();
      return 'Tick “Print it as it is” to send the card with these warnings, or cancel and fix them first.';
    }
    return null;
  };

  return { show, refusal };
}
