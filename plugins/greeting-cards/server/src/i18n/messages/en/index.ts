import { shop } from './shop';
import { editor } from './editor';
import { email } from './email';

export const en = { ...shop, ...editor, ...email };
