import { describe, expect, it } from 'vitest';
import { compileCatalogue, evaluate, linguiCatalogues } from './lingui-catalogues.ts';

describe('compileCatalogue', () => {
  it('compiles plain text, placeholders and plurals', () => {
    const compiled = compileCatalogue({
      plain: "Couldn't remove the like.",
      named: 'Welcome, {username}!',
      counted: '{n, plural, one {1 reply} other {{n} replies}}',
    });
    expect(compiled.plain).toEqual(["Couldn't remove the like."]);
    expect(compiled.named).toEqual(['Welcome, ', ['username'], '!']);
    expect(JSON.parse(JSON.stringify(compiled.counted))).toEqual([
      ['n', 'plural', { one: ['1 reply'], other: [['n'], ' replies'] }],
    ]);
  });

  it('names the key of a malformed message', () => {
    expect(() => compileCatalogue({ broken: 'Hello {name' })).toThrow(/"broken"/);
  });
});

describe('evaluate', () => {
  it('refuses a catalogue that imports or exports anything else', () => {
    expect(() => evaluate("import x from './x.ts';\nexport default { x };")).toThrow();
    expect(() => evaluate("export const a = 'A';\nexport default { a };")).toThrow();
  });
});

describe('the plugin', () => {
  it('replaces a catalogue module by its compiled messages, and leaves other modules', async () => {
    const plugin = linguiCatalogues();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const out = transform(
      "export default { hi: 'Hi {name}' };",
      '/repo/apps/web/src/locales/es.ts',
    );
    expect(out?.code).toBe('export default {"hi":["Hi ",["name"]]};\n');
    const named = transform(
      "const en = { a: 'A' };\nexport default en;\n//# sourceMappingURL=x.map",
      '/repo/apps/web/src/locales/en.ts',
    );
    expect(named?.code).toBe('export default {"a":["A"]};\n');
    expect(transform('export default 1;', '/repo/apps/web/src/lib/es.ts')).toBeNull();
  });

  it("compiles a domain's catalogues too, and leaves the domain's other modules", () => {
    const plugin = linguiCatalogues();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const out = transform(
      "export default { n: '{n, plural, one {1 post} other {{n} posts}}' };",
      '/repo/apps/web/src/locales/private-key/ar.ts',
    );
    expect(out?.code).toBe(
      'export default {"n":[["n","plural",{"one":["1 post"],"other":[["n"]," posts"]}]]};\n',
    );
    const index = "export const DOMAIN = domain('key', {});";
    expect(transform(index, '/repo/apps/web/src/locales/private-key/index.ts')).toBeNull();
    expect(transform(index, '/repo/apps/web/src/locales/a/b/en.ts')).toBeNull();
  });
});
