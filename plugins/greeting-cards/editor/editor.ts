// The editing session of one card: the Fabric canvas, its history and its saving.
import { Canvas, FabricObject, FabricText, Path, PencilBrush, Point, Textbox } from 'fabric';
import { Autosave, SaveState } from './autosave';
import {
  canvasToDesign,
  Design,
  drawPattern,
  kindOf,
  loadDesign,
  objectFromJson,
  patternOf,
  strokeToJson,
  TAG_KEYS,
} from './design';
import { splitPath } from '../server/src/platform/designs/handwriting';
import type { BackgroundPattern } from '../server/src/platform/designs/background-patterns';
import { History } from './history';
import { INNER_PAGES, PAGE_NAMES, type PageName } from '../server/src/platform/designs/print-products/pages';

import type { DesignStore, StoredDesign } from './store';
import { t } from './i18n';

export type Card = StoredDesign;

/** One page's own part of a design: what canvas_data.pages holds for it (docs/canvas-data.md). */
type PageSurface = Pick<Design, 'background' | 'pattern' | 'objects'>;
const surfaceOf = (d: Design): PageSurface => ({
  background: d.background,
  ...(d.pattern ? { pattern: d.pattern } : {}),
  objects: d.objects,
});

const SNAP_PX = 8;

export class Editor {
  readonly canvas: Canvas;
  readonly size: { width: number; height: number };
  readonly autosave: Autosave;
  private history: History;
  /** The page on the canvas; the others wait in `pageDesigns` with their own undo history. */
  page: PageName = 'front';
  private pageDesigns: Partial<Record<PageName, PageSurface>> = {};
  private histories = new Map<PageName, History>();
  private restoring = false;
  private listeners: Array<() => void> = [];
  message: string;

  constructor(
    el: HTMLCanvasElement,
    readonly card: Card,
    private readonly store: DesignStore,
    showSave: (state: SaveState, label: string, detail?: string) => void,
  ) {
    const data = card.canvas_data ?? {};
    this.size = { width: data.width ?? 600, height: data.height ?? 850 };
    this.message = card.inside_message ?? '';
    // Inner pages stay as they were until their tab is opened: saving never drops them.
    this.pageDesigns = { ...((data as { pages?: Partial<Record<PageName, PageSurface>> }).pages ?? {}) };
    this.canvas = new Canvas(el, {
      width: this.size.width,
      height: this.size.height,
      preserveObjectStacking: true,
      // Pointer events: one stream for a mouse, a finger and a stylus (the pen writes with any of them).
      enablePointerEvents: true,
      backgroundColor: data.background ?? '#FFFFFF',
    });
    this.history = new History(this.snapshot());
    this.autosave = new Autosave(() => this.saveDraft(), showSave);
    const changed = () => this.changed();
    this.canvas.on('object:modified', changed);
    this.canvas.on('text:changed', changed);
    this.canvas.on('text:editing:exited', changed);
    this.canvas.on('selection:created', () => this.notify());
    this.canvas.on('selection:updated', () => this.notify());
    this.canvas.on('selection:cleared', () => this.notify());
    this.canvas.on('object:moving', ({ target }) => this.snapToCentre(target));
    this.canvas.on('path:created', ({ path }) => void this.strokeDrawn(path as Path));
  }

  /** The pen: while on, a finger, mouse or stylus writes on the page (handwriting strokes); null puts it down. */
  setPen(pen: { colour: string; width: number } | null): void {
    if (!pen) {
      this.canvas.isDrawingMode = false;
      this.notify();
      return;
    }
    const brush =
      this.canvas.freeDrawingBrush instanceof PencilBrush ? this.canvas.freeDrawingBrush : new PencilBrush(this.canvas);
    brush.color = pen.colour;
    brush.width = pen.width;
    // Points closer than this (in screen pixels) add nothing a reader sees, only bytes.
    brush.decimate = 1.5;
    this.canvas.freeDrawingBrush = brush;
    if (!this.canvas.isDrawingMode) this.canvas.discardActiveObject();
    this.canvas.isDrawingMode = true;
    this.canvas.requestRenderAll();
    this.notify();
  }

  get penDown(): boolean {
    return this.canvas.isDrawingMode;
  }

  /**
   * Fabric's brush adds its own path, placed by its centre: it is swapped for the design's stroke objects
   * (built as a reload and the renderer build them), so what was written is what is saved and printed.
   */
  private async strokeDrawn(drawn: Path): Promise<void> {
    const strokes = strokeToJson(drawn, (path) => splitPath(path));
    const objects = await Promise.all(strokes.map((json) => objectFromJson(json, this.size.width)));
    this.canvas.remove(drawn);
    for (const o of objects) if (o) this.canvas.add(o);
    this.canvas.requestRenderAll();
    this.changed();
  }

  async load(): Promise<void> {
    this.restoring = true;
    await loadDesign(this.canvas, this.card.canvas_data ?? {});
    this.restoring = false;
    this.history = new History(this.snapshot());
    this.notify();
  }

  /** Read-only: nothing can be selected or changed, nothing is saved. */
  freeze(): void {
    this.restoring = true;
    this.canvas.selection = false;
    for (const o of this.canvas.getObjects()) o.set({ selectable: false, evented: false });
  }

  /** The whole card: the front and every inner page (the one on the canvas as it is now). */
  design(): Design {
    const shown = canvasToDesign(this.canvas, this.size);
    const surfaces: Partial<Record<PageName, PageSurface>> = { ...this.pageDesigns, [this.page]: surfaceOf(shown) };
    const front = surfaces.front ?? surfaceOf(shown);
    const pages: Partial<Record<PageName, PageSurface>> = {};
    for (const name of INNER_PAGES) if (surfaces[name]) pages[name] = surfaces[name];
    // A large group card's extra pages of signatures are not edited here, but saving keeps them.
    const extra = (this.card.canvas_data as { pages?: { extra?: unknown } } | undefined)?.pages?.extra;
    const kept = { ...pages, ...(Array.isArray(extra) && extra.length ? { extra } : {}) };
    const { pattern, ...rest } = front;
    return {
      version: shown.version,
      width: this.size.width,
      height: this.size.height,
      ...rest,
      ...(pattern ? { pattern } : {}),
      ...(Object.keys(kept).length ? { pages: kept } : {}),
    } as Design;
  }

  /** The page on the canvas (undo and redo are per page). */
  snapshot(): string {
    return JSON.stringify({ design: canvasToDesign(this.canvas, this.size), message: this.message });
  }

  /** Puts another page of the card on the canvas, keeping the one shown and its history. */
  async showPage(name: PageName): Promise<void> {
    if (name === this.page || !PAGE_NAMES.includes(name)) return;
    this.pageDesigns[this.page] = surfaceOf(canvasToDesign(this.canvas, this.size));
    this.histories.set(this.page, this.history);
    this.page = name;
    this.restoring = true;
    try {
      this.canvas.discardActiveObject();
      await loadDesign(this.canvas, {
        ...this.size,
        ...(this.pageDesigns[name] ?? { background: '#FFFFFF', objects: [] }),
      });
    } finally {
      this.restoring = false;
    }
    this.history = this.histories.get(name) ?? new History(this.snapshot());
    this.notify();
  }

  /** Called after every edit: records history, schedules the autosave, refreshes the panels. */
  changed(): void {
    if (this.restoring) return;
    if (this.history.record(this.snapshot())) this.autosave.changed();
    this.notify();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  notify(): void {
    for (const l of this.listeners) l();
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  async undo(): Promise<void> {
    await this.restore(this.history.undo());
  }

  async redo(): Promise<void> {
    await this.restore(this.history.redo());
  }

  private async restore(state: string | null): Promise<void> {
    if (state === null) return;
    const parsed = JSON.parse(state) as { design: Design; message: string };
    this.restoring = true;
    try {
      await loadDesign(this.canvas, parsed.design);
      this.message = parsed.message;
    } finally {
      this.restoring = false;
    }
    this.autosave.changed();
    this.notify();
  }

  active(): FabricObject | undefined {
    return this.canvas.getActiveObject();
  }

  activeText(): FabricText | undefined {
    const o = this.active();
    return o instanceof FabricText && kindOf(o) !== 'emoji' ? o : undefined;
  }

  /** Adds an object, selects it and records the change. */
  add(obj: FabricObject): void {
    obj.set({ originX: 'left', originY: 'top' });
    this.canvas.add(obj);
    this.canvas.setActiveObject(obj);
    this.canvas.requestRenderAll();
    this.changed();
  }

  addText(fontFamily: string, text = t('editor.new-text'), fontSize = 48): Textbox {
    const box = new Textbox(text, {
      left: this.size.width * 0.1,
      top: this.size.height * 0.4,
      width: this.size.width * 0.8,
      fontSize,
      fontFamily,
      fill: '#222222',
      textAlign: 'center',
    });
    this.add(box);
    return box;
  }

  setOnActive(props: Record<string, unknown>): void {
    const o = this.active();
    if (!o) return;
    o.set(props);
    o.setCoords();
    this.canvas.requestRenderAll();
    this.changed();
  }

  remove(): void {
    const o = this.active();
    if (!o || (o instanceof FabricText && (o as Textbox).isEditing)) return;
    this.canvas.discardActiveObject();
    this.canvas.remove(o);
    this.canvas.requestRenderAll();
    this.changed();
  }

  async duplicate(): Promise<void> {
    const o = this.active();
    if (!o) return;
    const copy = await o.clone(TAG_KEYS);
    copy.set({ left: o.left + 20, top: o.top + 20 });
    this.add(copy);
  }

  forward(): void {
    const o = this.active();
    if (o) this.canvas.bringObjectForward(o);
    this.changed();
  }

  backward(): void {
    const o = this.active();
    if (o) this.canvas.sendObjectBackwards(o);
    this.changed();
  }

  nudge(dx: number, dy: number): void {
    const o = this.active();
    if (!o) return;
    o.set({ left: o.left + dx, top: o.top + dy });
    o.setCoords();
    this.canvas.requestRenderAll();
    this.changed();
  }

  setBackground(colour: string): void {
    this.canvas.backgroundColor = colour;
    this.canvas.requestRenderAll();
    this.changed();
  }

  /** The background pattern, or none; keeps the pattern's colour when only the name changes. */
  setPattern(pattern: BackgroundPattern | null): void {
    drawPattern(this.canvas, pattern, this.size);
    this.canvas.requestRenderAll();
    this.changed();
  }

  pattern(): BackgroundPattern | undefined {
    return patternOf(this.canvas);
  }

  setMessage(message: string): void {
    this.message = message;
    this.changed();
  }

  select(index: number): void {
    const o = this.canvas.getObjects()[index];
    if (!o) return;
    this.canvas.setActiveObject(o);
    this.canvas.requestRenderAll();
    this.notify();
  }

  /** Draft autosave: PATCH keeps the card's status; save_design is the shopper's explicit save. */
  private async saveDraft(): Promise<void> {
    await this.store.saveDraft(this.design(), this.message);
  }

  async saveDesign(): Promise<void> {
    await this.autosave.flush(async () => {
      const saved = await this.store.save(this.design(), this.message);
      this.card.status = saved.status;
    });
  }

  /** Snaps the moving object's centre to the card's centre lines when it comes close. */
  private snapToCentre(target: FabricObject | undefined): void {
    if (!target) return;
    const c = target.getCenterPoint();
    const cx = this.size.width / 2;
    const cy = this.size.height / 2;
    const x = Math.abs(c.x - cx) < SNAP_PX ? cx : c.x;
    const y = Math.abs(c.y - cy) < SNAP_PX ? cy : c.y;
    if (x !== c.x || y !== c.y) target.setPositionByOrigin(new Point(x, y), 'center', 'center');
  }
}
