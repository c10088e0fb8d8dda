import { shippedText } from '../../platform/i18n/shipped-texts';
import { getService } from '../../platform/get-service';
import type { MessageKey } from '../../platform/i18n/messages';
import { renderPage, type Toast } from '../../platform/web/render';
import { formBody, formErrors } from '../../platform/web/form-input';
import { privateRoute, redirect, type PrivateContext, type WebRouteDef } from '../../platform/web/web-route';

// Plans, the member's status and renewal date, subscribing and the billing portal. This page is also
// where the provider sends people back (?status=success or ?status=cancelled).

const RETURN_TOASTS: Record<string, { kind: Toast['kind']; key: MessageKey }> = {
  success: { kind: 'success', key: 'shop.subs.success' },
  cancelled: { kind: 'info', key: 'shop.subs.cancelled' },
};

async function page(
  web: PrivateContext,
  toast: Toast | null,
  errors: Record<string, string[]> | null,
  status?: number,
) {
  const subscriptions = getService(web.strapi, 'subscriptions');
  const [plans, mine] = await Promise.all([
    subscriptions.listPlans({ page: 1, pageSize: 50, offset: 0 }),
    subscriptions.status(web.user.id),
  ]);
  renderPage(
    web.ctx,
    'subscriptions',
    {
      title: web.t('shop.subs.title'),
      plans: plans.results.map((p) => ({ ...p, description: shippedText(p.description, web.t) })),
      mine,
      toast,
      errors,
    },
    status,
  );
}

async function attempt(web: PrivateContext, run: () => Promise<string>) {
  try {
    redirect(web.ctx, await run());
  } catch (error) {
    const errors = formErrors(error, web.ctx.state.gcLocale);
    if (!errors) throw error;
    await page(
      web,
      { kind: 'error', text: Object.values(errors).flat()[0] ?? web.t('shop.error.failedTitle') },
      errors,
      400,
    );
  }
}

export const subscriptionRoutes: WebRouteDef[] = [
  privateRoute('GET', '/subscriptions/', async (web) => {
    const status = typeof web.ctx.query.status === 'string' ? web.ctx.query.status : '';
    const back = RETURN_TOASTS[status];
    await page(web, back ? { kind: back.kind, text: web.t(back.key) } : null, null);
  }),

  privateRoute('POST', '/subscriptions/subscribe/', (web) =>
    attempt(web, async () => {
      const plan = String(formBody(web.ctx).plan_slug ?? '');
      const started = await getService(web.strapi, 'subscriptions').checkout(web.user, { plan_slug: plan });
      return started.checkout_url;
    }),
  ),

  privateRoute('POST', '/subscriptions/portal/', (web) =>
    attempt(web, async () => (await getService(web.strapi, 'subscriptions').portal(web.user, {})).portal_url),
  ),
];
