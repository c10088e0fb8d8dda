import fs from 'fs';
import path from 'path';
import ts from 'typescript';

// What the npm package says about itself, and that an app written in TypeScript can type a custom
// adapter, a postal backend and the plugin's settings from `strapi-plugin-greeting-cards/types`.

const REPO = path.resolve(__dirname, '../..');
const PLUGIN_DIR = path.join(REPO, 'plugins/greeting-cards');
const pkg = JSON.parse(fs.readFileSync(path.join(PLUGIN_DIR, 'package.json'), 'utf8'));

describe('package metadata', () => {
  it('ships a README and an MIT licence', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['README.md', 'LICENSE']));
    expect(pkg.license).toBe('MIT');
    expect(fs.readFileSync(path.join(PLUGIN_DIR, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License[\s\S]*the greeting-cards contributors/,
    );
    expect(fs.readFileSync(path.join(PLUGIN_DIR, 'README.md'), 'utf8')).toMatch(/strapi-plugin-greeting-cards/);
  });

  it('names its author, keywords and Strapi kind', () => {
    expect(pkg.author).toBe('The greeting-cards contributors');
    // strapi-plugin verify requires repository.url, and the project has no public address yet: the
    // field waits for one (then with directory: 'plugins/greeting-cards').
    if (pkg.repository)
      expect(pkg.repository).toEqual({
        type: 'git',
        url: expect.stringMatching(/^(git\+)?https:\/\//),
        directory: 'plugins/greeting-cards',
      });
    expect(pkg.keywords).toEqual(expect.arrayContaining(['strapi', 'strapi-plugin', 'strapi5']));
    expect(pkg.strapi.kind).toBe('plugin');
  });

  it('asks for the Strapi and Node versions CI tests', () => {
    expect(pkg.peerDependencies['@strapi/strapi']).toBe('^5.54.0');
    expect(pkg.peerDependencies['@strapi/plugin-users-permissions']).toBe('^5.54.0');
    expect(pkg.engines.node).toBe('>=20.0.0 <23.0.0');
  });
});

describe('the types export', () => {
  const consumer = `
import type { UserDetailsAdapter, PostalBackend, GreetingCardsSettings, GreetingCardsConfig } from 'strapi-plugin-greeting-cards/types';
export const adapter: UserDetailsAdapter = { getDetails: async () => ({ first_name: 'A', last_name: 'B', email: 'a@example.test', phone: '', address_line_1: '', address_line_2: '', city: '', county: '', postcode: '', country: '', birthday: null }) };
export const backend: PostalBackend = { name: 'mine', send: async () => ({ trackingReference: 'X-1', status: 'sent' }) };
export const price: GreetingCardsSettings['ecardPrice'] = 299;
export const config: GreetingCardsConfig = { ecardPrice: 199 };
// @ts-expect-error settings are typed: a price is a number
export const wrong: GreetingCardsConfig = { ecardPrice: 'free' };
`;

  it.each([
    ['node16', ts.ModuleResolutionKind.Node16, ts.ModuleKind.Node16],
    ['node10', ts.ModuleResolutionKind.Node10, ts.ModuleKind.CommonJS],
  ])('type-checks an app using it (%s resolution)', (_name, moduleResolution, module) => {
    // Inside the repository, so the package resolves from its node_modules as it would in an app.
    fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(REPO, '.tmp', 'types-'));
    const file = path.join(dir, 'consumer.ts');
    fs.writeFileSync(file, consumer);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module,
      moduleResolution,
      target: ts.ScriptTarget.ES2022,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(diagnostics).toEqual([]);
  });
});
