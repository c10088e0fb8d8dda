import type { en } from '../en';
import { shop } from './shop';
import { editor } from './editor';
import { email } from './email';
import { preflight } from './preflight';
import { errors } from './errors';
import { accountSettings } from './account-settings';
import { orderMail } from './order-mail';
import { polish } from './polish';
import { seo } from './seo';
import { legal } from './legal';

export const de: Record<keyof typeof en, string> = {
  ...shop,
  ...editor,
  ...email,
  ...preflight,
  ...errors,
  ...accountSettings,
  ...orderMail,
  ...polish,
  ...seo,
  ...legal,
};
