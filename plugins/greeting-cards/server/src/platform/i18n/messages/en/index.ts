import { shop } from './shop';
import { editor } from './editor';
import { email } from './email';
import { preflight } from './preflight';
import { errors } from './errors';
import { seo } from './seo';
import { orderMail } from './order-mail';
import { polish } from './polish';

export const en = { ...shop, ...editor, ...email, ...preflight, ...errors, ...seo, ...orderMail, ...polish };
