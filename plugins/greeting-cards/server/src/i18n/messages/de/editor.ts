// German messages of the editor: every key of ../en/editor.ts.
import type { editor as en } from '../en/editor';

export const editor: Record<keyof typeof en, string> = {
  'editor.language': 'Sprache',
};
