import {
  cardPrintHtml,
  printPageSize,
  messageFontSizePt,
} from '../../../plugins/greeting-cards/server/src/areas/rendering/rules/print-layout';
import { previewHash } from '../../../plugins/greeting-cards/server/src/areas/rendering/rules/preview-hash';
import { prepareDesign } from '../../../plugins/greeting-cards/server/src/platform/designs/design-prep';

describe('print layout', () => {
  it('is A4 landscape, or 3 mm bigger on each side with crop marks', () => {
    expect(printPageSize(false)).toEqual({ widthMm: 297, heightMm: 210 });
    expect(printPageSize(true)).toEqual({ widthMm: 303, heightMm: 216 });
  });

  it('has two pages, the escaped message inside and marks only when asked', () => {
    const base = {
      frontSvg: '<svg></svg>',
      frontBackground: '#FFF4D6',
      insideMessage: '<i>Hi</i> & love',
      brandText: 'Cards & Co',
    };
    const html = cardPrintHtml({ ...base, cropMarks: false });
    expect(html.match(/<section class="page/g)).toHaveLength(2);
    expect(html).toContain('&lt;i&gt;Hi&lt;/i&gt; &amp; love');
    expect(html).toContain('Cards &amp; Co');
    expect(html).not.toContain('class="marks"');
    expect(cardPrintHtml({ ...base, cropMarks: true })).toContain('class="marks"');
  });

  it('sets long messages smaller', () => {
    expect(messageFontSizePt('x'.repeat(50))).toBeGreaterThan(messageFontSizePt('x'.repeat(600)));
  });
});

describe('previewHash', () => {
  it('is stable for the same design and changes with the design or width', () => {
    const a = prepareDesign({ background: '#FFFFFF', objects: [] });
    const b = prepareDesign({ background: '#FFFFFE', objects: [] });
    expect(previewHash(a, 600)).toBe(previewHash(prepareDesign({ background: '#FFFFFF', objects: [] }), 600));
    expect(previewHash(a, 600)).toMatch(/^[0-9a-f]{32}$/);
    expect(previewHash(a, 600)).not.toBe(previewHash(b, 600));
    expect(previewHash(a, 600)).not.toBe(previewHash(a, 300));
  });
});
