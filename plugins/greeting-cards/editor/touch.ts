// Pinch to scale (and twist to rotate) the selected object with two fingers. Fabric moves objects
// with one finger already; it has no multi-touch gestures of its own.
import type { Editor } from './editor';

export function wirePinch(editor: Editor, surface: HTMLElement): void {
  let start: { distance: number; angle: number; scaleX: number; scaleY: number; rotation: number } | null = null;
  // The first finger may land beside the object and clear the selection before the second arrives:
  // a pinch then works on the object that was selected last.
  let last = editor.active();
  editor.onChange(() => {
    last = editor.active() ?? last;
  });
  const geometry = (t: TouchList) => {
    const dx = t[1].clientX - t[0].clientX;
    const dy = t[1].clientY - t[0].clientY;
    return { distance: Math.hypot(dx, dy), angle: (Math.atan2(dy, dx) * 180) / Math.PI };
  };
  surface.addEventListener(
    'touchstart',
    (event) => {
      const obj = editor.active() ?? (last && editor.canvas.getObjects().includes(last) ? last : undefined);
      if (event.touches.length !== 2 || !obj) return;
      if (editor.active() !== obj) editor.canvas.setActiveObject(obj);
      const g = geometry(event.touches);
      start = { ...g, scaleX: obj.scaleX, scaleY: obj.scaleY, rotation: obj.angle };
    },
    { passive: true },
  );
  surface.addEventListener(
    'touchmove',
    (event) => {
      const obj = editor.active();
      if (!start || event.touches.length !== 2 || !obj) return;
      event.preventDefault();
      const g = geometry(event.touches);
      const k = Math.max(0.05, g.distance / start.distance);
      const centre = obj.getCenterPoint();
      obj.set({ scaleX: start.scaleX * k, scaleY: start.scaleY * k, angle: start.rotation + g.angle - start.angle });
      obj.setPositionByOrigin(centre, 'center', 'center');
      obj.setCoords();
      editor.canvas.requestRenderAll();
    },
    { passive: false },
  );
  surface.addEventListener('touchend', (event) => {
    if (start && event.touches.length < 2) {
      start = null;
      editor.changed();
    }
  });
}
