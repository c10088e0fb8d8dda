import {
  libraryTypeFor,
  shopperStatusChange,
} from '../../plugins/greeting-cards/server/src/areas/cards/rules/card-status';
import {
  assetIdsInCanvas,
  isPremiumTemplate,
  premiumAssetIdsInCanvas,
} from '../../plugins/greeting-cards/server/src/platform/designs/premium';
import { englishText } from '../../plugins/greeting-cards/server/src/platform/i18n/format-message';

describe('libraryTypeFor', () => {
  it('maps card statuses to library entry types with auto-save on', () => {
    expect(libraryTypeFor('draft', true)).toBe('draft');
    expect(libraryTypeFor('saved', true)).toBe('saved');
    expect(libraryTypeFor('ordered', true)).toBe('saved');
    expect(libraryTypeFor('sent', true)).toBe('sent');
    expect(libraryTypeFor('delivered', true)).toBe('sent');
    expect(libraryTypeFor('archived', true)).toBeNull();
  });
  it('gives drafts no entry with auto-save off', () => {
    expect(libraryTypeFor('draft', false)).toBeNull();
    expect(libraryTypeFor('saved', false)).toBe('saved');
    expect(libraryTypeFor('sent', false)).toBe('sent');
  });
});

describe('shopperStatusChange', () => {
  it('allows archiving from any status and moving between draft and saved', () => {
    for (const s of ['draft', 'saved', 'ordered', 'sent', 'delivered'] as const)
      expect(shopperStatusChange(s, 'archived', false)).toBeNull();
    expect(shopperStatusChange('archived', 'saved', false)).toBeNull();
    expect(shopperStatusChange('saved', 'draft', false)).toBeNull();
  });
  it('refuses statuses that belong to orders and fulfilment', () => {
    for (const t of ['ordered', 'sent', 'delivered', 'bogus'])
      expect(englishText(shopperStatusChange('draft', t, false)!)).toMatch(/is not a status you can set/);
  });
  it('refuses to un-archive a card that was ordered', () => {
    expect(englishText(shopperStatusChange('archived', 'saved', true)!)).toMatch(/only be archived/);
    expect(englishText(shopperStatusChange('sent', 'saved', false)!)).toMatch(/only be archived/);
  });
});

describe('premium content', () => {
  it('tells premium templates', () => {
    expect(isPremiumTemplate({ is_premium: true })).toBe(true);
    expect(isPremiumTemplate({ is_premium: false })).toBe(false);
    expect(isPremiumTemplate(null)).toBe(false);
  });
  it('lists the asset ids a design uses, once each', () => {
    const canvas = {
      objects: [{ assetId: 3 }, { assetId: 5 }, { assetId: 3 }, { text: 'x' }, { assetId: 'x' }, { assetId: -1 }, null],
    };
    expect(assetIdsInCanvas(canvas)).toEqual([3, 5]);
    expect(assetIdsInCanvas(null)).toEqual([]);
    expect(assetIdsInCanvas({ objects: 'x' })).toEqual([]);
    expect(
      premiumAssetIdsInCanvas(canvas, [
        { id: 3, is_premium: false },
        { id: 5, is_premium: true },
        { id: 9, is_premium: true },
      ]),
    ).toEqual([5]);
  });
});
