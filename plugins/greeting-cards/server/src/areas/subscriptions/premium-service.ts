import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { forbidden, msg } from '../../platform/errors';
import { getService } from '../../platform/get-service';
import {
  assetIdsInCanvas,
  copiesDesign,
  isPremiumTemplate,
  premiumAssetIdsInCanvas,
  premiumAssetsDrawn,
  uploadPath,
} from '../../platform/designs/premium';
import { query } from '../../platform/db/query';
import { getConfig } from '../../platform/config/get-config';
import { drawablePremiumAssets } from './premium-assets';
import { allObjects } from '../../platform/designs/print-products/pages';
import { PUBLISHED } from '../../platform/db/published';
import { shopRows } from '../../platform/db/localized';

export interface PremiumContent {
  /** The template being used is premium. */
  premiumTemplate: boolean;
  /** Premium assets the design uses: named by an object's assetId, or drawn (their emoji or picture). */
  premiumAssetIds: number[];
}

// Objects of every page (front, inside, back) count.
const countObjects = (canvas: unknown): number => allObjects(canvas).length;

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
    let template: { id: number; is_premium?: boolean | null; canvas_data?: unknown } | null = null;
    if (input.templateId !== undefined) {
      template = await query(strapi, UID.template).findOne({
        where: { id: input.templateId },
        select: ['id', 'is_premium', 'canvas_data'],
      });
      premiumTemplate = isPremiumTemplate(template);
    }
    const premiumAssetIds = new Set<number>();
    const ids = assetIdsInCanvas(input.canvasData);
    if (ids.length) {
      const assets = await query(strapi, UID.asset).findMany({
        where: { id: { $in: ids }, ...PUBLISHED },
        select: ['id', 'is_premium'],
      });
      for (const id of premiumAssetIdsInCanvas(input.canvasData, assets)) premiumAssetIds.add(id);
    }
    // The id is the client's to choose, so what the objects draw decides too.
    if (countObjects(input.canvasData) > 0) {
      const drawable = await drawablePremiumAssets(strapi, input.canvasData);
      const { publicUrl } = getConfig(strapi);
      // A free template that itself carries a premium sticker gives it to whoever starts from it.
      const given =
        template && !premiumTemplate
          ? new Set(premiumAssetsDrawn(template.canvas_data, drawable, publicUrl))
          : new Set<number>();
      for (const id of premiumAssetsDrawn(input.canvasData, drawable, publicUrl))
        if (!given.has(id)) premiumAssetIds.add(id);
    }
    // A design pasted from a premium template (its objects copied, without naming the template).
    if (!premiumTemplate && countObjects(input.canvasData) > 0) {
      const premiumTemplates = await query(strapi, UID.template).findMany({
        where: shopRows({ is_premium: true }),
        select: ['id', 'canvas_data'],
      });
      premiumTemplate = premiumTemplates.some(
        (t) => t.id !== input.templateId && copiesDesign(input.canvasData, t.canvas_data),
      );
    }
    return { premiumTemplate, premiumAssetIds: [...premiumAssetIds] };
  }

  /** Whether an image source is a premium asset's picture (a crop must not copy it into a new upload). */
  async function isPremiumPicture(src: string): Promise<boolean> {
    const path = uploadPath(src, getConfig(strapi).publicUrl);
    return (await drawablePremiumAssets(strapi, null)).some((a) => a.imagePaths.includes(path));
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
    throw forbidden(msg(involved.premiumTemplate ? 'error.premium_template' : 'error.premium_assets'));
  }

  return { premiumContent, assertAccess, canSeePremium, isPremiumPicture };
};
