import { allowedOrigins, redirectErrors } from '../../plugins/greeting-cards/server/src/platform/http/redirect-origins';
import { copiesDesign } from '../../plugins/greeting-cards/server/src/platform/designs/premium';

describe('return URL origins', () => {
  const allowed = allowedOrigins('https://cards.example.test/shop', ' https://shop.example.test , ');
  it('allows the public origin and listed ones, exactly', () => {
    expect([...allowed]).toEqual(['https://cards.example.test', 'https://shop.example.test']);
    expect(
      redirectErrors({ a: 'https://cards.example.test/x?y=1', b: 'https://shop.example.test/', c: undefined }, allowed),
    ).toEqual({});
  });
  it('names each field leading elsewhere', () => {
    const errors = redirectErrors(
      {
        success_url: 'http://cards.example.test/',
        cancel_url: 'https://cards.example.test.evil.test/',
        return_url: 'not a url',
      },
      allowed,
    );
    expect(Object.keys(errors)).toEqual(['success_url', 'cancel_url', 'return_url']);
  });
});

describe('premium design copies', () => {
  const source = {
    objects: [
      { type: 'text', text: 'Gold', left: 1, top: 2 },
      { type: 'rect', fill: '#c90', left: 0, top: 0 },
    ],
  };
  it('sees a moved copy of at least half the objects', () => {
    expect(copiesDesign({ objects: [{ top: 50, left: 9, text: 'Gold', type: 'text' }] }, source)).toBe(true);
    expect(copiesDesign({ objects: [{ type: 'text', text: 'Silver' }] }, source)).toBe(false);
    expect(copiesDesign({ objects: [] }, source)).toBe(false);
    expect(copiesDesign(source, { objects: [] })).toBe(false);
  });
});
