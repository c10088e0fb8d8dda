import { shop } from './shop';
import { editor } from './editor';
import { email } from './email';
import { preflight } from './preflight';
import { errors } from './errors';
import { accountReset } from './account-reset';
import { accountSettings } from './account-settings';
import { accountData } from './account-data';
import { accountProviders } from './account-providers';
import { legal } from './legal';
import { orderMail } from './order-mail';
import { buyerNews } from './buyer-news';
import { polish } from './polish';
import { seo } from './seo';
import { invoices } from './invoices';
import { controls } from './controls';
import { words } from './words';
import { envelopes } from './envelopes';
import { replies } from './replies';
import { mediaMessages } from './media-messages';

export const en = {
  ...shop,
  ...editor,
  ...email,
  ...preflight,
  ...errors,
  ...accountReset,
  ...accountSettings,
  ...accountData,
  ...accountProviders,
  ...legal,
  ...orderMail,
  ...buyerNews,
  ...polish,
  ...seo,
  ...invoices,
  ...controls,
  ...words,
  ...envelopes,
  ...replies,
  ...mediaMessages,
};
