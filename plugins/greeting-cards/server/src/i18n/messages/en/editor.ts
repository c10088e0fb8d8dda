// English messages of the editor (keys start with 'editor.').
export const editor = {
  'editor.language': 'Language',
} as const;
