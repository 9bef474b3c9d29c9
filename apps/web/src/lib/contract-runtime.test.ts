/**
 * The browser bundle takes `@dating/contract` from contract-runtime.ts (vite.config.ts), and
 * these tests import the package itself: a module of the package missing from the runtime
 * half passes every unit test and breaks only the build. So the two lists are compared.
 */
import { describe, expect, it } from 'vitest';
import indexSource from '../../../../packages/contract/src/index.ts?raw';
import runtimeSource from './contract-runtime.ts?raw';

/** The modules a file re-exports, relative to packages/contract/src. */
function modulesOf(source: string): string[] {
  const exports = source.matchAll(
    /^export \* from '(?:\.\.\/)*(?:packages\/contract\/src\/|\.\/)([^']+)';$/gm,
  );
  return [...exports].map((match) => match[1] ?? '');
}

describe('the runtime half of the contract', () => {
  it('re-exports every module of the package but its TypeBox schemas', () => {
    const wanted = modulesOf(indexSource).filter((module) => !module.startsWith('schemas/'));
    expect(wanted).toContain('feed-params.ts');
    expect(modulesOf(runtimeSource)).toEqual(expect.arrayContaining(wanted));
  });
});
