// Photo upload: the file goes to the photo store (the plugin's upload routes check the type and size
// and strip metadata there), and the stored picture is placed on the card, fitted inside it.
import { FabricImage, Point, Rect, util } from 'fabric';
import type { Tagged } from './design';
import type { Editor } from './editor';
import type { PhotoStore } from './photo-store';
import { t } from './i18n';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export function wirePhotos(editor: Editor, photos: PhotoStore, input: HTMLInputElement, status: HTMLElement): void {
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    // Checked here for a quick answer; the server checks again and decides.
    if (!TYPES.includes(file.type)) {
      status.textContent = t('editor.photo.type');
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      status.textContent = t('editor.photo.too-big');
      return;
    }
    status.textContent = t('editor.photo.uploading');
    try {
      const uploaded = await photos.upload(file);
      const img = await FabricImage.fromURL(uploaded.url);
      const spot = freeSpot(editor, img.width, img.height);
      img.set({ scaleX: spot.scale, scaleY: spot.scale, left: spot.left, top: spot.top });
      (img as FabricImage & Tagged).gcSrc = uploaded.url;
      editor.add(img);
      status.textContent = t('editor.photo.added');
    } catch (error) {
      status.textContent = t('editor.photo.not-added', { error: (error as Error).message });
    }
  });
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top));

/**
 * Where a new photo goes: in the free space of the page, not on the headline. Tries the photo at a few
 * sizes (largest first) and at positions down the page, and takes the one that covers the least of
 * what is already there (objects as large as the page, such as a background shape, do not count).
 */
export function freeSpot(
  editor: Editor,
  naturalWidth: number,
  naturalHeight: number,
): { scale: number; left: number; top: number } {
  const { width, height } = editor.size;
  const taken: Box[] = editor.canvas
    .getObjects()
    .map((o) => o.getBoundingRect())
    .filter((b) => b.width * b.height < width * height * 0.6);
  let best = { scale: 1, left: 0, top: 0, covered: Infinity };
  for (const share of [0.5, 0.4, 0.3, 0.22]) {
    const scale = Math.min((width * 0.7) / naturalWidth, (height * share) / naturalHeight, 1);
    const w = naturalWidth * scale;
    const h = naturalHeight * scale;
    for (let top = height * 0.05; top + h <= height * 0.96; top += height * 0.025) {
      for (const left of [(width - w) / 2, width * 0.06, width * 0.94 - w]) {
        const box = { left, top, width: w, height: h };
        const covered = taken.reduce((sum, b) => sum + overlap(box, b), 0) / (w * h);
        if (covered < best.covered - 0.001) best = { scale, left, top, covered };
      }
    }
    if (best.covered < 0.02) break;
  }
  return { scale: best.scale, left: best.left, top: best.top };
}

/**
 * Crop: a frame over the selected photo that the shopper moves and resizes; applying it asks the
 * server for the cropped picture (a new upload) and puts it exactly where the frame was.
 */
export function wireCrop(editor: Editor, photos: PhotoStore, button: HTMLButtonElement, status: HTMLElement): void {
  let frame: Rect | null = null;
  let photo: FabricImage | null = null;

  const croppable = () => {
    const o = editor.active();
    return o instanceof FabricImage && /^\/uploads\//.test((o as FabricImage & Tagged).gcSrc ?? '') ? o : null;
  };
  const sync = () => {
    button.disabled = !frame && !croppable();
    button.textContent = t(frame ? 'editor.apply-crop' : 'editor.crop');
    button.setAttribute('aria-pressed', String(!!frame));
  };
  editor.onChange(sync);
  sync();

  const end = () => {
    if (frame) editor.canvas.remove(frame);
    if (photo) photo.set({ selectable: true, evented: true });
    frame = null;
    photo = null;
    sync();
  };

  button.addEventListener('click', async () => {
    if (!frame) {
      photo = croppable();
      if (!photo) return;
      // Placed by its centre: a left/top origin would sit the stroke, not the frame's edge, there.
      const centre = photo.getCenterPoint();
      frame = new Rect({
        left: centre.x,
        top: centre.y,
        originX: 'center',
        originY: 'center',
        angle: photo.angle,
        width: photo.getScaledWidth(),
        height: photo.getScaledHeight(),
        fill: 'rgba(255,255,255,0.25)',
        stroke: '#1d4ed8',
        strokeWidth: 2,
        strokeDashArray: [8, 6],
        strokeUniform: true,
        lockRotation: true,
      });
      (frame as Rect & Tagged).gcKind = 'crop-frame';
      frame.setControlsVisibility({ mtr: false });
      photo.set({ selectable: false, evented: false });
      editor.canvas.add(frame);
      editor.canvas.setActiveObject(frame);
      editor.canvas.requestRenderAll();
      status.textContent = t('editor.photo.crop-hint');
      sync();
      return;
    }
    const target = photo as FabricImage;
    // Frame corners in the photo's own pixels: undo the photo's position, rotation and scale.
    // (The frame's own corners, without its stroke, which Fabric's getCoords() would include.)
    const toPhoto = util.invertTransform(target.calcTransformMatrix());
    const frameMatrix = frame.calcTransformMatrix();
    const corner = util.transformPoint(new Point(-frame.width / 2, -frame.height / 2), frameMatrix);
    const opposite = util.transformPoint(new Point(frame.width / 2, frame.height / 2), frameMatrix);
    const [tl, br] = [corner, opposite].map((p) => util.transformPoint(p, toPhoto));
    const box = {
      left: Math.max(0, Math.round(Math.min(tl.x, br.x) + target.width / 2)),
      top: Math.max(0, Math.round(Math.min(tl.y, br.y) + target.height / 2)),
      width: Math.round(Math.abs(br.x - tl.x)),
      height: Math.round(Math.abs(br.y - tl.y)),
    };
    const index = editor.canvas.getObjects().indexOf(target);
    button.disabled = true;
    status.textContent = t('editor.photo.cropping');
    try {
      const cropped = await photos.crop((target as FabricImage & Tagged).gcSrc ?? '', box);
      const img = await FabricImage.fromURL(cropped.url);
      img.set({
        originX: 'left',
        originY: 'top',
        left: corner.x,
        top: corner.y,
        angle: target.angle,
        scaleX: (box.width * target.scaleX) / img.width,
        scaleY: (box.height * target.scaleY) / img.height,
      });
      (img as FabricImage & Tagged).gcSrc = cropped.url;
      end();
      editor.canvas.remove(target);
      editor.canvas.insertAt(index, img);
      editor.canvas.setActiveObject(img);
      editor.canvas.requestRenderAll();
      editor.changed();
      status.textContent = t('editor.photo.cropped');
    } catch (error) {
      end();
      status.textContent = t('editor.photo.not-cropped', { error: (error as Error).message });
    }
  });

  // Leaving the frame (Escape, another selection) cancels the crop.
  editor.canvas.on('selection:cleared', () => frame && end());
  editor.canvas.on('selection:updated', ({ selected }) => frame && !selected.includes(frame) && end());
}
