import { ADMIN_ACTIONS } from '../../platform/admin-permissions';
import { TEMPLATE_DESIGNER_POLICY } from '../catalogue';

// The admin API (type 'admin': served under /greeting-cards/... with an admin JWT). Every route needs
// a logged-in admin and, except the two design helpers any editor may use, one of the plugin's actions;
// a template's photos need the Content Manager's right to create or edit templates instead.
// Wire formats: docs/admin-api.md.
type Action = (typeof ADMIN_ACTIONS)[keyof typeof ADMIN_ACTIONS];

function adminRoute(method: 'GET' | 'POST' | 'PUT', path: string, handler: string, action: Action | null) {
  const policies: unknown[] = ['admin::isAuthenticatedAdmin'];
  if (action) policies.push({ name: 'admin::hasPermissions', config: { actions: [action] } });
  return { method, path, handler, config: { policies } };
}

/** For people designing templates: Strapi's Content Manager rights on templates, not a plugin action. */
function templateDesignerRoute(method: 'GET' | 'POST', path: string, handler: string) {
  return { method, path, handler, config: { policies: ['admin::isAuthenticatedAdmin', TEMPLATE_DESIGNER_POLICY] } };
}

const { ordersRead, deliveriesManage, settingsRead, settingsUpdate, paymentsManage } = ADMIN_ACTIONS;

export default {
  type: 'admin',
  routes: [
    adminRoute('GET', '/admin/summary', 'admin.summary', ordersRead),
    adminRoute('GET', '/admin/orders', 'admin.orders', ordersRead),
    adminRoute('GET', '/admin/orders/:uuid', 'admin.order', ordersRead),
    adminRoute('GET', '/admin/payment-issues', 'admin.paymentIssues', ordersRead),
    adminRoute('POST', '/admin/payment-issues/:id/resolve', 'admin.resolvePaymentIssue', paymentsManage),
    adminRoute('GET', '/admin/promo-codes/uses', 'admin.promoCodeUses', ordersRead),
    adminRoute('GET', '/admin/deliveries', 'admin.deliveries', deliveriesManage),
    adminRoute('GET', '/admin/deliveries/:id', 'admin.delivery', deliveriesManage),
    adminRoute('POST', '/admin/deliveries/:id/retry', 'admin.retryDelivery', deliveriesManage),
    adminRoute('POST', '/admin/deliveries/:id/cancel', 'admin.cancelDelivery', deliveriesManage),
    adminRoute('POST', '/admin/deliveries/:id/resend', 'admin.resendDelivery', deliveriesManage),
    // Late posted cards (issue 44): reprint and resend, or refund the shipping; each once per card.
    adminRoute('POST', '/admin/deliveries/:id/reprint', 'admin.reprintDelivery', deliveriesManage),
    adminRoute('POST', '/admin/deliveries/:id/refund-shipping', 'admin.refundDeliveryShipping', deliveriesManage),
    adminRoute('GET', '/admin/group-cards', 'admin-group-cards.list', ordersRead),
    adminRoute('POST', '/admin/group-cards/:uuid/close', 'admin-group-cards.close', deliveriesManage),
    adminRoute('GET', '/admin/settings', 'admin.settings', settingsRead),
    adminRoute('PUT', '/admin/settings', 'admin.updateSettings', settingsUpdate),
    adminRoute('POST', '/admin/designs/validate', 'admin.validateDesign', null),
    adminRoute('POST', '/admin/designs/preview', 'admin.previewDesign', null),
    templateDesignerRoute('POST', '/admin/designs/photos', 'admin.uploadTemplatePhoto'),
    // Draft previews: whoever may edit templates may see their drafts.
    templateDesignerRoute('GET', '/admin/templates/:documentId/preview-link', 'admin.templatePreviewLink'),
    templateDesignerRoute('POST', '/admin/designs/photos/crop', 'admin.cropTemplatePhoto'),
  ],
};
