import {
  MASK,
  maskUrl,
  pathMaskOf,
  pathMasksOf,
} from '../../plugins/greeting-cards/server/src/platform/http/secret-urls';

// The access log replaces strapi::logger: the same line, with every secret of a URL masked. The masks
// come from the mounted routes (tests/security/access-log-secrets.test.ts checks each route of a running
// app); here, how one route path becomes a mask, and the query parameters.
const ROUTES = [
  '/shop/cards/view/:token',
  '/shop/cards/view/:token/card.pdf',
  '/shop/sign/:token/signatures/:id/edit/',
  '/api/greeting-cards/postal/:provider(prodigi|gelato)/callback/:secret',
  '/api/greeting-cards/postal/print-files/:signed_file',
  '/api/orders/:uuid',
  '/greeting-cards/static/:path(.*)',
];
const masks = pathMasksOf(ROUTES);

describe('access log masking', () => {
  it('builds a mask only for paths that declare a secret parameter', () => {
    expect(masks).toHaveLength(5);
    expect(pathMaskOf('/api/orders/:uuid')).toBeNull();
    expect(pathMaskOf('/sign/:tokens')).toBeNull();
  });
  it("masks the secret segment, whatever the case of the path (the router's matching), and keeps the rest", () => {
    expect(maskUrl('/shop/cards/view/secret-token/', masks)).toBe(`/shop/cards/view/${MASK}/`);
    expect(maskUrl('/SHOP/Cards/View/secret-token/card.pdf?x=1', masks)).toBe(`/SHOP/Cards/View/${MASK}/card.pdf?x=1`);
    expect(maskUrl('/shop/sign/abc/signatures/12/edit/', masks)).toBe(`/shop/sign/${MASK}/signatures/12/edit/`);
    expect(maskUrl('/api/greeting-cards/postal/prodigi/callback/s3cret', masks)).toBe(
      `/api/greeting-cards/postal/prodigi/callback/${MASK}`,
    );
    // Any provider segment: the secret is masked even where no route answers.
    expect(maskUrl('/api/greeting-cards/postal/other/callback/s3cret/', masks)).toBe(
      `/api/greeting-cards/postal/other/callback/${MASK}/`,
    );
    expect(maskUrl('/api/greeting-cards/postal/print-files/12-1790000000-abc.pdf', masks)).toBe(
      `/api/greeting-cards/postal/print-files/${MASK}`,
    );
  });
  it('masks secret query parameters on any path, by name, whatever their case or encoding', () => {
    expect(maskUrl('/reset-password?code=abc&next=%2Fx', masks)).toBe(`/reset-password?code=${MASK}&next=%2Fx`);
    expect(maskUrl('/api/auth/email-confirmation?confirmation=abc', masks)).toBe(
      `/api/auth/email-confirmation?confirmation=${MASK}`,
    );
    expect(maskUrl('/api/templates/x/?Preview=abc', masks)).toBe(`/api/templates/x/?Preview=${MASK}`);
    expect(maskUrl('/x?%74oken=abc&token[]=b', masks)).toBe(`/x?%74oken=${MASK}&token[]=${MASK}`);
  });
  it("leaves every other URL as Strapi's logger writes it", () => {
    for (const url of [
      '/api/auth/local',
      '/uploads/cards/view/photo.png',
      '/api/orders/1?page=2',
      '/admin/cards/view/x',
      '/cards/view/x',
      '/cart/?promo=SUMMER',
    ]) {
      expect(maskUrl(url, masks)).toBe(url);
    }
  });
});
