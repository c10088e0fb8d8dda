// Entry point of the card editor bundle (assets/editor/editor.js), loaded by /editor/<card_id>/.
import { Editor } from './editor';
import { wireKeyboard } from './keyboard';
import { wireCrop, wirePhotos } from './photos';
import { shopperPhotos } from './photo-store';
import { wireSendForm, Addon, Prices } from './send';
import { wireStickers } from './stickers';
import { wireToolbar } from './toolbar';
import { wireIdeas } from './ideas';
import { wirePinch } from './touch';
import { wireHandwritingPhoto, wirePen } from './handwriting';
import { fitCanvas } from './layout';
import { wireGuides } from './guides';
import { wirePages } from './pages';
import { cardStore } from './store';
import { cancelDesigner, templatePhotos, templateStore } from './template-store';
import { wirePreflightPanel, type PreflightPanel } from './preflight-panel';
import { wirePlaceholderFlag } from './placeholder-flag';
import { t } from './i18n';
import { wireMediaMessage } from './media-message';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function fontsReady(families: string[]): Promise<void> {
  // Text is measured when it is created, so the fonts must be there before the design is built.
  await Promise.all(
    families.flatMap((f) =>
      ['normal 400', 'normal 700', 'italic 400', 'italic 700'].map((face) =>
        document.fonts.load(`${face} 16px '${f}'`).catch(() => []),
      ),
    ),
  );
}

async function start(root: HTMLElement): Promise<void> {
  const status = $('save-status');
  const fonts = JSON.parse(root.dataset.fonts || '[]') as string[];
  const prices = JSON.parse(root.dataset.prices || '{}') as Prices;
  const addons = JSON.parse(root.dataset.addons || '[]') as Addon[];
  // Template mode (framed by the admin panel): the design comes from and goes back to the admin page.
  const forTemplate = root.dataset.embed === 'admin';
  const store = forTemplate ? templateStore() : cardStore(root.dataset.cardId ?? '');
  const [card] = await Promise.all([store.load(), fontsReady(fonts)]);

  // The print check is read again after every save, whichever saved it (autosave, Save, Send).
  let preflight: PreflightPanel | undefined;
  const editor = new Editor($<HTMLCanvasElement>('card-canvas'), card, store, (state, label, detail) => {
    if (state === 'saved') void preflight?.refresh();
    // A template's changes are not saved anywhere until they are used, so "Saved" would mislead.
    status.textContent =
      forTemplate && state !== 'error'
        ? t(state === 'saved' ? 'editor.status.not-used' : 'editor.status.unused')
        : label;
    status.dataset.state = state;
    status.title = detail ?? '';
  });
  await editor.load();
  status.textContent = t(forTemplate ? 'editor.status.ready' : 'editor.status.saved');
  status.dataset.state = 'saved';

  const wrap = $('canvas-wrap');
  if (!['draft', 'saved'].includes(card.status)) {
    // Ordered and sent cards are frozen on the server; show the design without inviting edits.
    editor.freeze();
    showError(t('editor.error.ordered'));
    for (const id of ['save', 'open-send', 'undo', 'redo']) $<HTMLButtonElement>(id).disabled = true;
    // An ordered card's print check is over: it was made at checkout.
    $('preflight').hidden = true;
    $('tools').hidden = true;
    $<HTMLTextAreaElement>('inside-message').readOnly = true;
    $<HTMLTextAreaElement>('inside-message').value = editor.message;
    fitCanvas(editor, wrap);
    root.dataset.ready = 'true';
    return;
  }
  wireToolbar(editor, fonts[0] ?? 'Roboto');
  wireIdeas(
    editor,
    $('ideas'),
    () => $<HTMLSelectElement>('font-family').value || fonts[0] || 'Roboto',
    root.lang || 'en',
  );
  wirePages(editor, document.querySelector('.ed-pages') as HTMLElement, wrap.parentElement as HTMLElement);
  wireGuides(editor, $<HTMLButtonElement>('toggle-guides'), $('guides-hint'), wrap);
  wireKeyboard(editor, wrap);
  wirePinch(editor, wrap);
  // A template's photos are stored through the admin page (the admin's sign-in), a shopper's through the shop.
  const photos = forTemplate ? templatePhotos() : shopperPhotos();
  wirePhotos(editor, photos, $<HTMLInputElement>('photo-input'), $('photo-status'));
  wireCrop(editor, photos, $<HTMLButtonElement>('crop-photo'), $('photo-status'));
  wirePen(editor, wrap);
  // A template's designer has no route for lifting handwriting: the pen is enough there.
  if (photos.handwriting)
    wireHandwritingPhoto(editor, photos, $<HTMLInputElement>('handwriting-input'), $('handwriting-status'));
  else $('handwriting-photo').hidden = true;
  if (forTemplate) {
    $('cancel-design').addEventListener('click', cancelDesigner);
    wirePlaceholderFlag(editor, $<HTMLInputElement>('placeholder-flag'));
  } else {
    if (store.preflight) preflight = wirePreflightPanel(editor, $('preflight'), store.preflight, card.preflight);
    // The card is sent: that does not belong to a template.
    wireSendForm(editor, prices, addons, preflight);
    // A card's video or voice message, where the shop offers them.
    const media = document.getElementById('media-message');
    if (media) wireMediaMessage(media, root.dataset.cardId ?? '');
  }
  fitCanvas(editor, wrap, { foldedOnPhone: forTemplate, fillFrame: forTemplate });

  $('save').addEventListener('click', async () => {
    try {
      await editor.saveDesign();
    } catch (error) {
      showError(t('editor.error.not-saved', { error: (error as Error).message }));
    }
  });
  window.addEventListener('beforeunload', (event) => {
    if (forTemplate || !editor.autosave.hasUnsavedWork) return;
    event.preventDefault();
    event.returnValue = ''; // older browsers need it to ask
  });
  root.dataset.ready = 'true';
  await wireStickers(editor, $('stickers'), forTemplate || root.dataset.premium === 'true');
}

function showError(message: string): void {
  const el = $('editor-error');
  el.textContent = message;
  el.hidden = false;
}

const root = document.getElementById('editor');
if (root) start(root).catch((error) => showError(t('editor.error.start', { error: (error as Error).message })));
