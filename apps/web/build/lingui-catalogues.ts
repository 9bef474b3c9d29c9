/**
 * Compiles the message catalogues (src/locales/{en,es,ar}.ts, and each domain's,
 * src/locales/<domain>/{en,es,ar}.ts) at build time: each ICU message
 * becomes Lingui's compiled form (text and placeholder tokens), which @lingui/core's runtime
 * only interpolates. The browser then carries no ICU parser (Lingui ships one only for
 * development), and a malformed message fails the build rather than a visitor's page.
 *
 * A catalogue is a TypeScript module (so that `satisfies Catalogue` checks its keys) holding
 * one object literal of strings and importing only types: once Vite has stripped the types,
 * its JavaScript is evaluated here as it stands and replaced by the compiled object. Used by
 * the browser build, the server build (`--ssr`) and vitest alike (vite.config.ts,
 * vitest.config.ts). We do not use @lingui/cli or its Vite plugin: the CLI depends on native
 * binaries per platform (@lingui/native-tools), and its macros need Babel or SWC, which this
 * build does not run.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The catalogue modules: the two-letter files of the locales folder and of its domains'. */
export const CATALOGUE = /[\\/]src[\\/]locales[\\/]([a-z-]+[\\/])?[a-z]{2}\.ts$/;

export type CompiledCatalogue = Record<string, ReturnType<typeof compileMessageOrThrow>>;

/** Each message of `catalogue` compiled; throws, naming the key, on a malformed one. */
export function compileCatalogue(catalogue: Record<string, unknown>): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(catalogue)) {
    if (typeof message !== 'string') throw new Error(`message "${key}" is not a string`);
    try {
      compiled[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`message "${key}" is not a valid ICU message: ${String(error)}`);
    }
  }
  return compiled;
}

/**
 * The default export of a catalogue module's JavaScript, which imports nothing and exports
 * only that. Run as a function body (`export default` made its `return`), not imported:
 * Vite's config loader (`--configLoader runner`) closes the module runner that a dynamic
 * import here would go through before the build transforms anything.
 */
export function evaluate(code: string): unknown {
  const body = code.replace(/^\s*\/\/# sourceMappingURL=.*$/m, '');
  const exports = body.match(/^\s*export\s+default\b/gm) ?? [];
  if (exports.length !== 1 || /^\s*(import|export)\b(?!\s+default\b)/m.test(body)) {
    throw new Error('a catalogue must import nothing at run time and only export default');
  }
  return new Function(body.replace(/^(\s*)export\s+default\b/m, '$1return'))();
}

export function linguiCatalogues(): Plugin {
  return {
    name: 'lingui-catalogues',
    // After Vite's own transform has stripped the TypeScript.
    enforce: 'post',
    transform(code, id) {
      if (!CATALOGUE.test(id.split('?')[0] ?? id)) return null;
      const catalogue = evaluate(code);
      if (typeof catalogue !== 'object' || catalogue === null) {
        throw new Error(`${id}: a catalogue's default export must be an object of messages`);
      }
      const compiled = compileCatalogue(catalogue as Record<string, unknown>);
      return { code: `export default ${JSON.stringify(compiled)};\n`, map: null };
    },
  };
}
