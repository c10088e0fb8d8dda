import { notFound } from '../../../platform/errors';
import { renderPage } from '../../../platform/web/render';
import { publicRoute, type WebRouteDef } from '../../../platform/web/web-route';

/** Whether /style-guide/ answers: everywhere but production (it is a page for the people building the shop). */
export const styleGuideEnabled = (): boolean => process.env.NODE_ENV !== 'production';

// /style-guide/ (issue 41): every form control of the shop's one pattern, in its states (empty, filled,
// disabled, with an error), so a page built from them can be checked by eye and by the screenshot test.
export const styleGuideRoutes: WebRouteDef[] = [
  publicRoute('GET', '/style-guide/', async ({ ctx, t }) => {
    if (!styleGuideEnabled()) throw notFound();
    renderPage(ctx, 'style-guide', {
      title: t('shop.styleGuide.title'),
      errors: { email: [t('shop.styleGuide.emailError')], birthday: [t('error.date')] },
    });
  }),
];
