import { maskUrl } from '../../plugins/greeting-cards/server/src/http/access-log';

// The access log replaces strapi::logger: the same line, with an e-card's view token masked.
describe('access log masking', () => {
  it("masks the view token, whatever the case of the path (the router's matching)", () => {
    expect(maskUrl('/cards/view/secret-token/')).toBe('/cards/view/<token>/');
    expect(maskUrl('/CARDS/View/secret-token/card.pdf?x=1')).toBe('/CARDS/View/<token>/card.pdf?x=1');
  });
  it("leaves every other URL as Strapi's logger writes it", () => {
    for (const url of ['/api/auth/local', '/uploads/cards/view/photo.png', '/api/cards/view/1?token=a', '/admin/cards/view/x']) {
      expect(maskUrl(url)).toBe(url);
    }
  });
});
