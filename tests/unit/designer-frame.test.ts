import {
  crossOriginProblem,
  designerLanguage,
  designerUrl,
  loadedFrameProblem,
} from '../../plugins/greeting-cards/admin/src/custom-fields/canvas-data/designer-frame';

// The admin's "Open in designer" says why the designer cannot work instead of showing an empty frame.
// (The browser side, a frame that cannot be reached, is in tests/admin/admin-panel.e2e.test.ts.)
describe('designer frame checks', () => {
  const frameWith = (contentDocument: unknown) => ({ contentDocument }) as unknown as HTMLIFrameElement;
  const page = (href: string, hasEditor: boolean) => ({
    location: { href },
    getElementById: (id: string) => (hasEditor && id === 'editor' ? {} : null),
  });

  it("finds the designer on Strapi's backend URL, or on the admin's own origin", () => {
    expect(designerUrl(undefined, 'https://cards.example/admin/content-manager').href).toBe(
      'https://cards.example/greeting-cards/designer/?embed=admin&lang=en',
    );
    expect(designerUrl('/', 'https://cards.example/admin').href).toBe(
      'https://cards.example/greeting-cards/designer/?embed=admin&lang=en',
    );
    expect(designerUrl('https://api.cards.example', 'https://admin.cards.example/admin').href).toBe(
      'https://api.cards.example/greeting-cards/designer/?embed=admin&lang=en',
    );
  });

  it("opens the designer in the admin user's language: German or English, anything else English", () => {
    expect(designerUrl(undefined, 'https://cards.example/admin', 'de').searchParams.get('lang')).toBe('de');
    expect(designerUrl(undefined, 'https://cards.example/admin', 'en').searchParams.get('lang')).toBe('en');
    expect(designerLanguage('de-AT')).toBe('de');
    expect(designerLanguage('DE')).toBe('de');
    expect(designerLanguage('fr')).toBe('en');
    expect(designerLanguage('zh-Hans')).toBe('en');
    expect(designerLanguage('')).toBe('en');
    expect(designerLanguage(undefined)).toBe('en');
  });

  it('explains a shop on another origin before opening, with what to do', () => {
    const url = designerUrl('https://api.cards.example', 'https://admin.cards.example/admin');
    expect(crossOriginProblem(url, 'https://admin.cards.example')).toMatch(
      /^The designer cannot open here: the shop's editor is at https:\/\/api\.cards\.example, but this admin panel runs at https:\/\/admin\.cards\.example\..*one origin.*reverse proxy/,
    );
    expect(
      crossOriginProblem(designerUrl(undefined, 'https://cards.example/admin'), 'https://cards.example'),
    ).toBeNull();
  });

  it('tells a frame the browser would not show, or a page that is not the designer, from the designer', () => {
    const url = designerUrl(undefined, 'https://cards.example/admin');
    // Unreachable, or refused to be framed (another origin): the document cannot be read.
    expect(loadedFrameProblem(frameWith(null), url)).toMatch(/did not load in this window.*another origin.*one origin/);
    expect(
      loadedFrameProblem(
        frameWith(page('https://cards.example/greeting-cards/designer/?embed=admin&lang=en', false)),
        url,
      ),
    ).toMatch(/is not the card designer/);
    expect(
      loadedFrameProblem(
        frameWith(page('https://cards.example/greeting-cards/designer/?embed=admin&lang=en', true)),
        url,
      ),
    ).toBeNull();
    // The frame's first empty document is not a verdict.
    expect(loadedFrameProblem(frameWith(page('about:blank', false)), url)).toBeNull();
  });
});
