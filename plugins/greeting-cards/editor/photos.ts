// Photo upload: the file goes to the plugin's upload route (type and size checked, metadata
// stripped there), and the stored picture is placed on the card, fitted inside it.
import { FabricImage } from 'fabric';
import { api } from './api';
import type { Tagged } from './design';
import type { Editor } from './editor';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export function wirePhotos(editor: Editor, input: HTMLInputElement, status: HTMLElement): void {
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    // Checked here for a quick answer; the server checks again and decides.
    if (!TYPES.includes(file.type)) {
      status.textContent = 'Please choose a JPEG, PNG, WebP or GIF picture.';
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      status.textContent = 'That picture is larger than 10 MB. Please choose a smaller one.';
      return;
    }
    status.textContent = 'Uploading photo...';
    try {
      const form = new FormData();
      form.append('photo', file);
      const uploaded = await api<{ url: string; width: number; height: number }>('POST', '/editor/photos/', form);
      const img = await FabricImage.fromURL(uploaded.url);
      const { width, height } = editor.size;
      const scale = Math.min((width * 0.7) / img.width, (height * 0.5) / img.height, 1);
      img.set({ scaleX: scale, scaleY: scale, left: (width - img.width * scale) / 2, top: height * 0.08 });
      (img as FabricImage & Tagged).gcSrc = uploaded.url;
      editor.add(img);
      status.textContent = 'Photo added.';
    } catch (error) {
      status.textContent = `Photo not added: ${(error as Error).message}`;
    }
  });
}
