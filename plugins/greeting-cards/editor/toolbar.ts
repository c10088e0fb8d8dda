// Wires the tool panel, the layers list and the top bar to the editor, and keeps them in step
// with the selection.
import { FabricText, Textbox } from 'fabric';
import { kindOf } from './design';
import type { Editor } from './editor';
import { isPatternName } from '../server/src/platform/designs/background-patterns';
import { t } from './i18n';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export const BACKGROUNDS = ['#FFFFFF', '#FFF4D6', '#FDE2E4', '#E2ECE9', '#DCEBFF', '#EDE3FF', '#222222', '#8BC98F'];

function describe(obj: ReturnType<Editor['canvas']['getObjects']>[number]): string {
  const kind = kindOf(obj);
  if (obj instanceof FabricText) {
    const text = obj.text.replace(/\s+/g, ' ').trim();
    return kind === 'emoji'
      ? t('editor.layer.sticker', { text })
      : t('editor.layer.text', { text: text.length > 28 ? `${text.slice(0, 28)}...` : text });
  }
  if (kind === 'image') return t('editor.layer.photo');
  if (kind === 'path') return t('editor.layer.handwriting');
  return t(kind === 'circle' ? 'editor.layer.circle' : kind === 'rect' ? 'editor.layer.rect' : 'editor.layer.shape');
}

export function wireToolbar(editor: Editor, defaultFont: string): void {
  const font = $<HTMLSelectElement>('font-family');
  const size = $<HTMLInputElement>('font-size');
  const colour = $<HTMLInputElement>('text-colour');
  const bold = $<HTMLButtonElement>('bold');
  const italic = $<HTMLButtonElement>('italic');
  const align = $<HTMLSelectElement>('text-align');
  const layers = $<HTMLOListElement>('layers');
  const background = $<HTMLInputElement>('background-colour');
  const message = $<HTMLTextAreaElement>('inside-message');

  $('add-text').addEventListener('click', () => {
    const box = editor.addText(font.value || defaultFont);
    box.enterEditing();
    box.selectAll();
  });
  $('undo').addEventListener('click', () => void editor.undo());
  $('redo').addEventListener('click', () => void editor.redo());
  $('duplicate').addEventListener('click', () => void editor.duplicate());
  $('delete').addEventListener('click', () => editor.remove());
  $('forward').addEventListener('click', () => editor.forward());
  $('backward').addEventListener('click', () => editor.backward());

  font.addEventListener('change', () => editor.setOnActive({ fontFamily: font.value }));
  size.addEventListener('change', () => {
    const n = Number(size.value);
    if (Number.isFinite(n) && n >= 8 && n <= 400) editor.setOnActive({ fontSize: n });
  });
  colour.addEventListener('change', () => editor.setOnActive({ fill: colour.value }));
  bold.addEventListener('click', () => {
    const t = editor.activeText();
    if (t) editor.setOnActive({ fontWeight: String(t.fontWeight) === 'bold' ? 'normal' : 'bold' });
  });
  italic.addEventListener('click', () => {
    const t = editor.activeText();
    if (t) editor.setOnActive({ fontStyle: t.fontStyle === 'italic' ? 'normal' : 'italic' });
  });
  align.addEventListener('change', () => editor.setOnActive({ textAlign: align.value }));

  const swatches = $('background-swatches');
  for (const c of BACKGROUNDS) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ed-swatch';
    b.style.background = c;
    b.setAttribute('aria-label', t('editor.background-swatch', { colour: c }));
    b.addEventListener('click', () => editor.setBackground(c));
    swatches.append(b);
  }
  background.addEventListener('change', () => editor.setBackground(background.value.toUpperCase()));
  const pattern = $<HTMLSelectElement>('background-pattern');
  const patternColour = $<HTMLInputElement>('pattern-colour');
  const applyPattern = () =>
    editor.setPattern(
      isPatternName(pattern.value) ? { name: pattern.value, color: patternColour.value.toUpperCase() } : null,
    );
  pattern.addEventListener('change', applyPattern);
  patternColour.addEventListener('change', applyPattern);

  message.value = editor.message;
  message.addEventListener('input', () => editor.setMessage(message.value));

  const sync = () => {
    const active = editor.active();
    const text = editor.activeText();
    for (const id of ['font-family', 'font-size', 'text-colour', 'bold', 'italic', 'text-align']) {
      ($(id) as HTMLInputElement).disabled = !text;
    }
    for (const id of ['duplicate', 'delete', 'forward', 'backward']) ($(id) as HTMLButtonElement).disabled = !active;
    $<HTMLButtonElement>('undo').disabled = !editor.canUndo;
    $<HTMLButtonElement>('redo').disabled = !editor.canRedo;
    if (text) {
      // A template may use a font outside the curated list: show it (as the design's own) rather than a blank box.
      if (![...font.options].some((o) => o.value === text.fontFamily)) {
        const own = document.createElement('option');
        own.value = own.textContent = text.fontFamily;
        font.append(own);
      }
      font.value = text.fontFamily;
      size.value = String(Math.round(text.fontSize));
      if (typeof text.fill === 'string' && /^#[0-9a-f]{6}$/i.test(text.fill)) colour.value = text.fill.toLowerCase();
      bold.setAttribute('aria-pressed', String(String(text.fontWeight) === 'bold'));
      italic.setAttribute('aria-pressed', String(text.fontStyle === 'italic'));
      align.value = (text as Textbox).textAlign || 'left';
    }
    const bg = editor.canvas.backgroundColor;
    if (typeof bg === 'string' && /^#[0-9a-f]{6}$/i.test(bg)) background.value = bg.toLowerCase();
    const shown = editor.pattern();
    pattern.value = shown?.name ?? '';
    if (shown) patternColour.value = shown.color.toLowerCase();
    if (document.activeElement !== message && message.value !== editor.message) message.value = editor.message;

    const objects = editor.canvas.getObjects();
    const items = objects.flatMap((obj, index) => {
      if (kindOf(obj) === 'crop-frame') return [];
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'ed-layer';
      b.textContent = describe(obj);
      b.setAttribute('aria-pressed', String(obj === active));
      b.addEventListener('click', () => {
        editor.select(index);
        $('canvas-wrap').focus();
      });
      li.append(b);
      return [li];
    });
    layers.replaceChildren(...items.reverse());
  };
  editor.onChange(sync);
  sync();
}
