// docs/code-layout.md names every area and platform folder of the plugin's server code, one line
// each: a folder added without a line there fails here.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const src = path.join(root, 'plugins/greeting-cards/server/src');
const doc = fs.readFileSync(path.join(root, 'docs/code-layout.md'), 'utf8');

const folders = (dir: string): string[] =>
  fs
    .readdirSync(path.join(src, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** The folder names listed as "- `name/`: ..." under a heading of the doc. */
function listed(heading: string): string[] {
  const start = doc.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = doc.slice(start + heading.length);
  const section = rest.slice(0, rest.search(/\n#{2,3} /) === -1 ? undefined : rest.search(/\n#{2,3} /));
  return [...section.matchAll(/^- `([\w-]+)\/`:/gm)].map((m) => m[1]).sort();
}

describe('docs/code-layout.md', () => {
  it('lists every area folder, and no folder that is gone', () => {
    const areas = folders('areas');
    expect(areas.length).toBeGreaterThan(5);
    expect(listed('### Areas')).toEqual(areas);
  });

  it('lists every platform folder, and no folder that is gone', () => {
    expect(listed('### Platform')).toEqual(folders('platform'));
  });

  it('names no folder of the old layout as if it were still there', () => {
    for (const old of [
      'domain',
      'services',
      'controllers',
      'serializers',
      'routes',
      'web',
      'emails',
      'http',
      'content-types',
    ]) {
      expect(fs.existsSync(path.join(src, old))).toBe(false);
    }
  });
});
