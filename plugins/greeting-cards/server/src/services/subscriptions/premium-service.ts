import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { forbidden } from '../../errors';
import { getService } from '../get-service';
import { assetIdsInCanvas, copiesDesign, isPremiumTemplate, premiumAssetIdsInCanvas } from '../../domain/premium';
import { query } from '../../db/query';

export interface PremiumContent {
  /** The template being used is premium. */
  premiumTemplate: boolean;
  /** Premium assets the design uses (objects' assetId). */
  premiumAssetIds: number[];
}

const countObjects = (canvas: unknown): number => {
  const objects = (canvas as { objects?: unknown } | null | undefined)?.objects;
  return Array.isArray(objects) ? objects.length : 0;
};

export interface PremiumInput {
  templateId?: number;
  canvasData?: unknown;
}

// The one place that decides whether a user may use premium templates and assets. Cards call it
// from personalize, create, PATCH and save_design, so a gate added here covers every way in.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** What premium content a template and/or a design involve. */
  async function premiumContent(input: PremiumInput): Promise<PremiumContent> {
    let premiumTemplate = false;
    if (input.templateId !== undefined) {
      const template = await query(strapi, UID.template).findOne({ where: { id: input.templateId }, select: ['id', 'is_premium'] });
      premiumTemplate = isPremiumTemplate(template);
    }
    let premiumAssetIds: number[] = [];
    const ids = assetIdsInCanvas(input.canvasData);
    if (ids.length) {
      const assets = await query(strapi, UID.asset).findMany({ where: { id: { $in: ids } }, select: ['id', 'is_premium'] });
      premiumAssetIds = premiumAssetIdsInCanvas(input.canvasData, assets);
    }
    // A design pasted from a premium template (its objects copied, without naming the template).
    if (!premiumTemplate && countObjects(input.canvasData) > 0) {
      const premiumTemplates = await query(strapi, UID.template).findMany({ where: { is_premium: true }, select: ['id', 'canvas_data'] });
      premiumTemplate = premiumTemplates.some((t) => t.id !== input.templateId && copiesDesign(input.canvasData, t.canvas_data));
    }
    return { premiumTemplate, premiumAssetIds };
  }

  /** Whether this user's catalogue shows premium designs' drawable data (canvas, SVG). */
  async function canSeePremium(userId: number | null | undefined): Promise<boolean> {
    return typeof userId === 'number' && getService(strapi, 'subscriptions').hasPremium(userId);
  }

  /**
   * Throws 403 when the content involves a premium template or asset and the user has no subscription
   * granting premium; returns what is involved. Non-premium content never needs a subscription.
   */
  async function assertAccess(userId: number, input: PremiumInput): Promise<PremiumContent> {
    const involved = await premiumContent(input);
    if (!involved.premiumTemplate && !involved.premiumAssetIds.length) return involved;
    if (await getService(strapi, 'subscriptions').hasPremium(userId)) return involved;
    const what = involved.premiumTemplate ? 'This template is premium' : 'This design uses premium stickers or assets';
    throw forbidden(`${what}. Subscribe at /subscriptions/ to use premium designs.`);
  }

  return { premiumContent, assertAccess, canSeePremium };
};
