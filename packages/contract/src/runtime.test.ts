/**
 * The browser bundle takes `@dating/contract` from runtime.ts (apps/web/vite.config.ts), so
 * a module the index exports beside it would pass every unit test and break only the web
 * build, and a schema reached from it would quietly grow the first load. Both are checked
 * here, on the source files' imports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** The modules a source file imports or re-exports, as written. */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(SRC, file), 'utf8');
  return [...source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'([^']+)';$/gms)].map(
    (match) => match[1] ?? '',
  );
}

/** Every file reached from `file` through relative imports, and every package it imports. */
function graphOf(file: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (current: string) => {
    if (files.has(current)) return;
    files.add(current);
    for (const specifier of importsOf(current)) {
      if (specifier.startsWith('.')) {
        visit(path.join(path.dirname(current), specifier));
      } else {
        packages.add(specifier);
      }
    }
  };
  visit(file);
  return { files: [...files], packages: [...packages] };
}

describe('the runtime half of the contract', () => {
  it('reaches no schema and no TypeBox', () => {
    const { files, packages } = graphOf('runtime.ts');
    expect(files).toContain('feed-params.ts');
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
