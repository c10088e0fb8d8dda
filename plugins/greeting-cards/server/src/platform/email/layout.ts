import { html, RawHtml } from '../web/html';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '../i18n/locales';
import { translator, type Translate } from '../i18n/translate';

/**
 * The language an e-mail is written in and the shop it comes from. Each e-mail takes it from the
 * record that triggered it (an order's `locale`: the buyer's shop language when they acted);
 * without one it is English.
 */
export interface EmailLanguage {
  locale?: Locale | null;
  shopName?: string;
  /** Dates are written on this clock (the shop's, SERVICE_TIME_ZONE). */
  timeZone?: string;
}

export interface EmailText {
  locale: Locale;
  t: Translate;
  /** "26 November 2026" / "26. November 2026". */
  date(value: Date): string;
  /** £3.50 / 3,50 £. */
  money(pence: number, currency: string): string;
  /** The shared frame around a body. */
  frame(title: string, body: RawHtml): string;
}

export function emailText(lang: EmailLanguage = {}): EmailText {
  const locale = lang.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const intl = intlLocale(locale);
  return {
    locale,
    t,
    date: (value) => value.toLocaleDateString(intl, { day: 'numeric', month: 'long', year: 'numeric', timeZone: lang.timeZone ?? 'UTC' }),
    money: (pence, currency) => new Intl.NumberFormat(intl, { style: 'currency', currency }).format(pence / 100),
    frame: (title, body) => emailHtml(title, body, { ...lang, locale }),
  };
}

/** Shared e-mail frame: table-free, inline styles only (mail clients drop <style> and CSS files). */
export function emailHtml(title: string, body: RawHtml, lang: EmailLanguage = {}): string {
  const locale = lang.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const footer = t('email.footer', { shop: lang.shopName || t('email.footer.shop') });
  return html`<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#faf7f2;color:#222;font-family:Georgia,'Times New Roman',serif">
<div style="max-width:600px;margin:0 auto;padding:24px">${body}
<p style="margin-top:32px;font-size:12px;color:#888;font-family:system-ui,sans-serif">${footer}</p></div>
</body>
</html>`.value;
}

export const buttonStyle = 'display:inline-block;background:#8a3ffc;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-family:system-ui,sans-serif';
