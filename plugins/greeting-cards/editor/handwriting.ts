// Handwriting: the pen tool (write on any page with a finger, mouse or stylus; each stroke becomes a
// path object of the design) and "use a photo of my handwriting" (the server lifts the ink onto a
// transparent picture, placed like a photo).
import { FabricImage } from 'fabric';
import type { Tagged } from './design';
import type { Editor } from './editor';
import type { PhotoStore } from './photo-store';
import { freeSpot, MAX_PHOTO_BYTES } from './photos';
import { t } from './i18n';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export function wirePen(editor: Editor, wrap: HTMLElement): void {
  const pen = $<HTMLButtonElement>('pen');
  const colour = $<HTMLInputElement>('pen-colour');
  const width = $<HTMLInputElement>('pen-width');
  const current = () => ({
    colour: /^#[0-9a-f]{6}$/i.test(colour.value) ? colour.value.toUpperCase() : '#1D2A44',
    width: Math.min(30, Math.max(1, Number(width.value) || 4)),
  });
  const sync = () => {
    pen.setAttribute('aria-pressed', String(editor.penDown));
    pen.textContent = t(editor.penDown ? 'editor.pen.stop' : 'editor.pen.start');
    wrap.classList.toggle('ed-writing', editor.penDown);
  };
  pen.addEventListener('click', () => editor.setPen(editor.penDown ? null : current()));
  // Choosing a colour or width picks the pen up, ready to write with it.
  for (const input of [colour, width]) input.addEventListener('input', () => editor.setPen(current()));
  wrap.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && editor.penDown) editor.setPen(null);
  });
  editor.onChange(sync);
  sync();
}

export function wireHandwritingPhoto(
  editor: Editor,
  photos: PhotoStore,
  input: HTMLInputElement,
  status: HTMLElement,
): void {
  const colour = $<HTMLInputElement>('pen-colour');
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file || !photos.handwriting) return;
    if (!TYPES.includes(file.type)) {
      status.textContent = t('editor.photo.type');
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      status.textContent = t('editor.photo.too-big');
      return;
    }
    status.textContent = t('editor.handwriting.lifting');
    try {
      const lifted = await photos.handwriting(file, colour.value.toUpperCase());
      const img = await FabricImage.fromURL(lifted.url);
      const spot = freeSpot(editor, img.width, img.height);
      img.set({ scaleX: spot.scale, scaleY: spot.scale, left: spot.left, top: spot.top });
      (img as FabricImage & Tagged).gcSrc = lifted.url;
      editor.setPen(null);
      editor.add(img);
      status.textContent = t('editor.handwriting.added');
    } catch (error) {
      status.textContent = t('editor.photo.not-added', { error: (error as Error).message });
    }
  });
}
