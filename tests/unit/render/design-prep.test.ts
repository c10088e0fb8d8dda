import {
  prepareDesign,
  localImageSrc,
  EMOJI_FONT,
} from '../../../plugins/greeting-cards/server/src/platform/designs/design-prep';

describe('prepareDesign', () => {
  it('fills in the documented defaults: 600 x 850, white, top-left origin', () => {
    const d = prepareDesign({ objects: [{ type: 'rect', left: 1, top: 2, width: 3, height: 4, fill: '#123' }] });
    expect(d).toMatchObject({ width: 600, height: 850, background: '#FFFFFF' });
    expect(d.objects[0]).toEqual({
      kind: 'rect',
      props: { originX: 'left', originY: 'top', left: 1, top: 2, width: 3, height: 4, fill: '#123' },
    });
  });

  it('keeps only known types and known properties', () => {
    const d = prepareDesign({
      background: '#000000',
      objects: [
        { type: 'group', objects: [] },
        { type: 'path', path: 'M0 0' },
        {
          type: 'textbox',
          text: 'Hi',
          left: 5,
          top: 5,
          fontSize: 20,
          fill: '#f00',
          fontFamily: 'Georgia',
          clipPath: { type: 'rect' },
          filters: [1],
          evil: 'x',
        },
        'not an object',
        null,
      ],
    });
    expect(d.objects).toHaveLength(1);
    expect(Object.keys(d.objects[0].props).sort()).toEqual([
      'fill',
      'fontFamily',
      'fontSize',
      'left',
      'originX',
      'originY',
      'text',
      'top',
      'width',
    ]);
  });

  it('sets the colour emoji font first for emoji stickers', () => {
    const [emoji] = prepareDesign({
      objects: [{ type: 'emoji', text: '🎂', left: 0, top: 0, fontSize: 50, fontFamily: 'Arial' }],
    }).objects;
    expect(String(emoji.props.fontFamily).startsWith(EMOJI_FONT)).toBe(true);
  });

  it('drops unsafe colours, fonts and empty text rather than passing them to the page', () => {
    const d = prepareDesign({
      background: 'url(http://x)',
      objects: [
        { type: 'text', text: 'a', left: 0, top: 0, fill: 'red;background:url(http://x)', fontFamily: 'x"><script>' },
        { type: 'text', text: '', left: 0, top: 0 },
      ],
    });
    expect(d.background).toBe('#FFFFFF');
    expect(d.objects).toHaveLength(1);
    expect(d.objects[0].props.fill).toBe('#000000');
    expect(d.objects[0].props.fontFamily).not.toContain('<');
  });

  it('maps image sources to our uploads or inline images only', () => {
    expect(localImageSrc('/uploads/a_b.png')).toBe('/uploads/a_b.png');
    expect(localImageSrc('https://cards.example.test/uploads/a.png', 'https://cards.example.test/')).toBe(
      '/uploads/a.png',
    );
    expect(localImageSrc('https://other.example.test/uploads/a.png', 'https://cards.example.test')).toBeNull();
    expect(localImageSrc('/uploads/../config/database.js')).toBeNull();
    expect(localImageSrc('//evil.example.test/uploads/a.png')).toBeNull();
    expect(localImageSrc('javascript:alert(1)')).toBeNull();
    expect(localImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(localImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
