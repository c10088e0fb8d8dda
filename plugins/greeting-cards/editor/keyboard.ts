// Keyboard shortcuts: undo/redo everywhere except inside form fields and text being edited (those
// have their own undo), and nudge/delete/edit for the selected object while the canvas has focus.
import { IText } from 'fabric';
import type { Editor } from './editor';

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

export function wireKeyboard(editor: Editor, canvasWrap: HTMLElement): void {
  document.addEventListener('keydown', (event) => {
    const active = editor.active();
    const editingText = active instanceof IText && active.isEditing;
    // Fabric's hidden textarea has focus while text is edited in place; leave its keys alone.
    if (editingText) {
      if (event.key === 'Escape') {
        (active as IText).exitEditing();
        canvasWrap.focus();
      }
      return;
    }
    if (typingIn(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      void (event.shiftKey ? editor.redo() : editor.undo());
      return;
    }
    if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      void editor.redo();
      return;
    }
    if (event.target !== canvasWrap || !active) return;
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (moves[event.key]) {
      event.preventDefault();
      editor.nudge(...moves[event.key]);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      editor.remove();
    } else if (event.key === 'Enter' && active instanceof IText) {
      event.preventDefault();
      active.enterEditing();
      active.selectAll();
      editor.canvas.requestRenderAll();
    } else if (event.key === 'Escape') {
      editor.canvas.discardActiveObject();
      editor.canvas.requestRenderAll();
    } else if (mod && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      void editor.duplicate();
    }
  });
}
