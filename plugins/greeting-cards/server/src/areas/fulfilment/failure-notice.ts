import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { errorText } from '../../platform/deliveries/delivery-retry';
import { submissionFailedEmail } from './postal/submission-failed-email';
import { recordLocale } from '../../platform/i18n/record-locale';
import { query } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { getService } from '../../platform/get-service';
import type { deliveryStore } from './delivery-store';

/**
 * E-mails SERVICE_OPERATOR_EMAIL when a posted card has failed for good (its submission ran out of
 * attempts, or the provider reported it failed). Once per failure: the e-mail is claimed with a
 * conditional UPDATE on failure_notified_at, which an operator's retry clears, so retried attempts
 * (failed_retryable) send nothing and two instances never both send it. A mail that cannot be sent
 * releases the claim and is logged; the failed delivery itself stays on the operator's page.
 */
export async function notifyOperatorOfFailure(
  strapi: Core.Strapi,
  store: ReturnType<typeof deliveryStore>,
  deliveryId: number,
): Promise<boolean> {
  const config = getConfig(strapi);
  if (!config.operatorEmail) return false;
  const deliveries = query(strapi, UID.delivery);
  const { count } = await deliveries.updateMany({
    where: { id: deliveryId, status: 'failed', failure_notified_at: null },
    data: { failure_notified_at: new Date() },
  });
  if (count !== 1) return false;
  try {
    const delivery = await store.load(deliveryId);
    if (delivery?.order_item?.delivery_method !== 'post') return false;
    const mail = submissionFailedEmail(
      {
        deliveryId,
        orderUuid: String(delivery.order_item.order?.uuid ?? ''),
        provider: getService(strapi, 'fulfilment').postalBackend().name,
        attempts: Number(delivery.attempts ?? 0),
        error: String(delivery.last_error ?? 'unknown'),
        adminUrl: `${config.publicUrl.replace(/\/+$/, '')}/admin/plugins/greeting-cards/deliveries`,
        // The operator has no language of their own here: the shop's pinned one, else English.
      },
      { locale: recordLocale(null, config.shopLocale), shopName: config.shopName },
    );
    await getService(strapi, 'mailer').send({
      to: config.operatorEmail,
      ...mail,
      headers: { 'X-Greeting-Card-Delivery-Failed': String(deliveryId) },
    });
    return true;
  } catch (error) {
    await deliveries.updateMany({ where: { id: deliveryId }, data: { failure_notified_at: null } });
    strapi.log.warn(`[greeting-cards] operator not told of failed delivery ${deliveryId}: ${errorText(error)}`);
    return false;
  }
}
