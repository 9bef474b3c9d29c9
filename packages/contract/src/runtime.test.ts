/**
 * The browser bundle takes `@dating/contract` from runtime.ts (apps/web/vite.config.ts), so
 * a module the index exports beside it would pass every unit test and break only the web
 * build, and a schema reached from it would quietly grow the first load. Both are checked
 * here, on the source files' imports.
 */
import { describe, expect, it } from 'vitest';

declare global {
  interface ImportMeta {
    /** Vite's, as Vitest runs it (the contract loads no bundler's types). */
    glob<T>(
      pattern: string,
      options: { query: '?raw'; import: 'default'; eager: true },
    ): Record<string, T>;
  }
}

/** The source of every module of the package, by its path below src/ ('schemas/common.ts'). */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('./**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ).map(([key, source]) => [key.replace(/^\.\//, ''), source]),
);

/**
 * The modules a source file imports or re-exports, as written, but for `import type` and
 * `export type`, which are erased before anything runs.
 */
function importsOf(file: string): string[] {
  const source = SOURCES[file] ?? '';
  return [...source.matchAll(/^(import|export)\s(?!type\s)(?:[^;]*?\sfrom\s+)?'([^']+)';$/gms)].map(
    (match) => match[2] ?? '',
  );
}

/** `specifier` (relative) as imported by `file`, as a path below src/. */
function resolve(file: string, specifier: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Every file reached from `file` through relative imports, and every package it imports. */
function graphOf(file: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (current: string) => {
    if (files.has(current)) return;
    files.add(current);
    for (const specifier of importsOf(current)) {
      if (specifier.startsWith('.')) visit(resolve(current, specifier));
      else packages.add(specifier);
    }
  };
  visit(file);
  return { files: [...files], packages: [...packages] };
}

describe('the runtime half of the contract', () => {
  it('reaches no schema and no TypeBox', () => {
    const { files, packages } = graphOf('runtime.ts');
    expect(files).toContain('feed-params.ts');
    expect(files).toContain('enums.ts');
    expect(files.filter((file) => file.startsWith('schemas/'))).toEqual([]);
    expect(packages.filter((name) => name.startsWith('typebox'))).toEqual([]);
  });

  it('is all the index exports, but for the schemas', () => {
    const beside = importsOf('index.ts').filter(
      (specifier) => specifier !== './runtime.ts' && !specifier.startsWith('./schemas/'),
    );
    expect(importsOf('index.ts')).toContain('./runtime.ts');
    expect(beside).toEqual([]);
  });
});
