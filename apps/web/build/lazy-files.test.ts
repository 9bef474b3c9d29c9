import { describe, expect, it } from 'vitest';
import { type BuiltChunk, lazyFiles } from './lazy-files.ts';

const chunk = (fields: Partial<BuiltChunk> & { fileName: string }): BuiltChunk => ({
  isEntry: false,
  imports: [],
  facadeModuleId: null,
  css: [],
  ...fields,
});

/** An entry, a chunk it shares with a lazy screen, the screen, and the screen's own parts. */
const BUNDLE = [
  chunk({ fileName: 'assets/index-1.js', isEntry: true, imports: ['assets/button-2.js'] }),
  chunk({ fileName: 'assets/button-2.js', css: ['assets/button-2.css'] }),
  chunk({
    fileName: 'assets/question-3.js',
    facadeModuleId: '/repo/apps/web/src/app/routes/question.tsx',
    imports: ['assets/question-page-4.js', 'assets/button-2.js'],
  }),
  chunk({
    fileName: 'assets/question-page-4.js',
    imports: ['assets/index-1.js', 'assets/button-2.js', 'assets/form-5.js'],
    css: ['assets/question-page-4.css'],
  }),
  chunk({ fileName: 'assets/form-5.js', imports: ['assets/question-page-4.js'] }),
];

describe('the files of lazily loaded modules', () => {
  it("lists the module's chunks and stylesheets, once each, less what every page loads", () => {
    expect(lazyFiles(BUNDLE, ['src/app/routes/question.tsx'])).toEqual([
      'assets/question-3.js',
      'assets/question-page-4.js',
      'assets/question-page-4.css',
      'assets/form-5.js',
    ]);
  });

  it('gives nothing for a module the bundle does not have', () => {
    expect(lazyFiles(BUNDLE, ['src/app/routes/gone.tsx'])).toEqual([]);
    expect(lazyFiles([], ['src/app/routes/question.tsx'])).toEqual([]);
  });
});
