// The designer's "This is a placeholder for the shopper to replace" control (admin panel only): marks
// the selected text as the template's sample text. It is stored as `placeholder: true` on the object
// in the template's canvas_data, and preflight warns while a shopper's card still says that text.
import type { FabricObject } from 'fabric';
import type { Tagged } from './design';
import type { Editor } from './editor';

export function wirePlaceholderFlag(editor: Editor, checkbox: HTMLInputElement): void {
  checkbox.addEventListener('change', () => {
    const text = editor.activeText() as (FabricObject & Tagged) | undefined;
    if (!text) return;
    text.gcPlaceholder = checkbox.checked || undefined;
    editor.changed();
  });
  const sync = () => {
    const text = editor.activeText() as (FabricObject & Tagged) | undefined;
    checkbox.disabled = !text;
    checkbox.checked = Boolean(text?.gcPlaceholder);
  };
  editor.onChange(sync);
  sync();
}
