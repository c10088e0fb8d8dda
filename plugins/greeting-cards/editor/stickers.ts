// The sticker shelf: emoji and pictures from the asset library. Premium ones are marked; without a
// subscription they are shown but not usable, with a link to subscribe (the server refuses them too).
import { FabricImage, FabricText } from 'fabric';
import { api, apiUrl, shopUrl } from './api';
import { EMOJI_FONT, Tagged } from './design';
import type { Editor } from './editor';
import { t } from './i18n';

interface Asset {
  id: number;
  name: string;
  asset_type: string;
  emoji: string | null;
  image_url: string | null;
  is_premium: boolean;
}

interface Page<T> {
  results: T[];
}

export async function wireStickers(editor: Editor, shelf: HTMLElement, hasPremium: boolean): Promise<void> {
  let assets: Asset[];
  try {
    assets = (await api<Page<Asset>>('GET', apiUrl('/assets/?page_size=100'))).results;
  } catch (error) {
    shelf.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'ed-note';
    p.textContent = t('editor.stickers.failed', { error: (error as Error).message });
    shelf.append(p);
    return;
  }
  const usable = assets.filter((a) => a.emoji || (a.image_url && a.image_url.startsWith('/uploads/')));
  const buttons = usable.map((asset) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ed-sticker';
    const locked = asset.is_premium && !hasPremium;
    b.setAttribute(
      'aria-label',
      t(asset.is_premium ? 'editor.stickers.add-premium' : 'editor.stickers.add', { name: asset.name }),
    );
    if (asset.emoji) b.textContent = asset.emoji;
    else {
      const img = document.createElement('img');
      img.src = asset.image_url as string;
      img.alt = '';
      b.append(img);
    }
    if (asset.is_premium) {
      const badge = document.createElement('span');
      badge.className = 'ed-premium';
      badge.textContent = t('editor.stickers.premium');
      b.append(badge);
    }
    b.addEventListener('click', () => void add(editor, asset, locked));
    return b;
  });
  shelf.replaceChildren(...buttons);
  if (!hasPremium && usable.some((a) => a.is_premium)) {
    const p = document.createElement('p');
    p.className = 'ed-note';
    p.id = 'premium-note';
    p.setAttribute('role', 'status');
    p.append(t('editor.stickers.need-subscription'));
    const a = document.createElement('a');
    a.href = shopUrl('/subscriptions/');
    a.textContent = t('editor.page.see-subscriptions');
    p.append(a);
    shelf.append(p);
  }
}

async function add(editor: Editor, asset: Asset, locked: boolean): Promise<void> {
  if (locked) {
    const note = document.getElementById('premium-note');
    if (note) {
      note.classList.add('ed-flash');
      note.firstChild!.textContent = t('editor.stickers.locked', { name: asset.name });
    }
    return;
  }
  const { width, height } = editor.size;
  if (asset.emoji) {
    const t = new FabricText(asset.emoji, {
      left: width / 2 - 60,
      top: height / 2 - 60,
      fontSize: 120,
      fontFamily: EMOJI_FONT,
    });
    Object.assign(t as FabricText & Tagged, { gcKind: 'emoji', gcAssetId: asset.id });
    editor.add(t);
    return;
  }
  const img = await FabricImage.fromURL(asset.image_url as string);
  img.scaleToWidth(Math.min(200, img.width));
  img.set({ left: width / 2 - img.getScaledWidth() / 2, top: height / 2 - img.getScaledHeight() / 2 });
  Object.assign(img as FabricImage & Tagged, { gcAssetId: asset.id, gcSrc: asset.image_url });
  editor.add(img);
}
