import { describe, expect, it } from 'vitest';
import { type Manifest, screenPreloads, withPreloads } from './screen-preloads.ts';

/** The shape of the web app's manifest: an entry, a shared chunk, a lazy screen. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_button-2.js'] },
  '_button-2.js': { file: 'assets/button-2.js', css: ['assets/button-2.css'] },
  'src/app/routes/question.tsx': {
    file: 'assets/question-3.js',
    imports: ['_question-page-4.js', '_button-2.js'],
  },
  '_question-page-4.js': {
    file: 'assets/question-page-4.js',
    imports: ['index.html', '_button-2.js', '_form-5.js'],
    css: ['assets/question-page-4.css'],
  },
  '_form-5.js': { file: 'assets/form-5.js', imports: ['_question-page-4.js'], css: [] },
};

describe('screen preloads', () => {
  it("lists the screen's chunks and stylesheets, once each, less what every page loads", () => {
    expect(screenPreloads(MANIFEST, 'src/app/routes/question.tsx')).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/question-3.js">',
        '<link rel="modulepreload" crossorigin href="/assets/question-page-4.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/question-page-4.css">',
        '<link rel="modulepreload" crossorigin href="/assets/form-5.js">',
      ].join(''),
    );
  });

  it('gives nothing for a screen the build does not have', () => {
    expect(screenPreloads(MANIFEST, 'src/app/routes/gone.tsx')).toBe('');
    expect(screenPreloads({}, 'src/app/routes/question.tsx')).toBe('');
  });

  it('puts the links at the end of the head', () => {
    expect(withPreloads('<head><title>t</title></head><body></body>', '<link>')).toBe(
      '<head><title>t</title><link></head><body></body>',
    );
    expect(withPreloads('<p>no head</p>', '<link>')).toBe('<p>no head</p>');
  });
});
