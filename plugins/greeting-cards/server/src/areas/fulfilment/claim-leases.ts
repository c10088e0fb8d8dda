import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { errorText } from '../../platform/deliveries/delivery-retry';
import type { deliveryStore } from './delivery-store';

/**
 * Keeps this instance's claims alive while their work is pending: a delivery whose render waits in a
 * long queue, or whose SMTP server is slow, must not look abandoned to another instance. Every
 * SERVICE_DELIVERY_CLAIM_RENEW_SECONDS the claims held here are renewed in one conditional UPDATE; an
 * instance that dies stops renewing, and its claims run out after the lease. The timer runs only while
 * something is held, and never keeps the process alive.
 */
export function claimLeases(strapi: Core.Strapi, store: ReturnType<typeof deliveryStore>, instanceId: string) {
  const held = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let renewing = false;

  async function renewAll(): Promise<void> {
    if (renewing || !held.size) return;
    renewing = true;
    try {
      await store.renew([...held], instanceId);
    } catch (error) {
      // The database may be away for a moment; the next tick tries again, well within the lease.
      strapi.log.warn(`[greeting-cards] renewing ${held.size} delivery claim(s) failed: ${errorText(error)}`);
    } finally {
      renewing = false;
    }
  }

  function start(): void {
    if (timer) return;
    timer = setInterval(() => void renewAll(), getConfig(strapi).deliveryClaimRenewSeconds * 1000);
    timer.unref();
  }

  function stop(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    hold(id: number): void {
      held.add(id);
      start();
    },
    release(id: number): void {
      held.delete(id);
      if (!held.size) stop();
    },
    held: (): number => held.size,
    stop,
  };
}
