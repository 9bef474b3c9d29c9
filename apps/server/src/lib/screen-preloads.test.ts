import { describe, expect, it } from 'vitest';
import { preloadLinks, withPreloads } from './screen-preloads.ts';

describe('screen preloads', () => {
  it('preloads scripts as modules and applies stylesheets, in order', () => {
    expect(
      preloadLinks([
        'assets/question-3.js',
        'assets/question-page-4.js',
        'assets/question-page-4.css',
        'assets/form-5.js',
      ]),
    ).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/question-3.js">',
        '<link rel="modulepreload" crossorigin href="/assets/question-page-4.js">',
        '<link rel="stylesheet" crossorigin href="/assets/question-page-4.css">',
        '<link rel="modulepreload" crossorigin href="/assets/form-5.js">',
      ].join(''),
    );
    expect(preloadLinks([])).toBe('');
  });

  it('puts the links at the end of the head', () => {
    expect(withPreloads('<head><title>t</title></head><body></body>', '<link>')).toBe(
      '<head><title>t</title><link></head><body></body>',
    );
    expect(withPreloads('<p>no head</p>', '<link>')).toBe('<p>no head</p>');
  });
});
