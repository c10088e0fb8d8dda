import type { en } from '../en';
import { shop } from './shop';
import { editor } from './editor';
import { email } from './email';
import { preflight } from './preflight';
import { errors } from './errors';
import { accountData } from './account-data';

export const de: Record<keyof typeof en, string> = {
  ...shop,
  ...editor,
  ...email,
  ...preflight,
  ...errors,
  ...accountData,
};
