import { describe, expect, it } from 'vitest';
import { screenHead, withPreloads } from './screen-preloads.ts';

describe('screen preloads', () => {
  it('preloads scripts as modules and writes stylesheets in, in order', () => {
    const css = (file: string) =>
      file === 'assets/gone.css' ? null : `.a{color:red}</style><p>${file}`;
    expect(
      screenHead(
        [
          'assets/question-3.js',
          'assets/question-page-4.js',
          'assets/question-page-4.css',
          'assets/gone.css',
          'assets/form-5.js',
        ],
        css,
      ),
    ).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/question-3.js">',
        '<link rel="modulepreload" crossorigin href="/assets/question-page-4.js">',
        // Its text cannot close the element; the link, disabled, is for the app's loader.
        '<style>.a{color:red}<\\/style><p>assets/question-page-4.css</style>',
        '<link rel="stylesheet" crossorigin href="/assets/question-page-4.css" disabled>',
        // Unreadable: linked, so the screen still gets its styles.
        '<link rel="stylesheet" crossorigin href="/assets/gone.css">',
        '<link rel="modulepreload" crossorigin href="/assets/form-5.js">',
      ].join(''),
    );
    expect(screenHead([], css)).toBe('');
  });

  it('puts the links at the end of the head', () => {
    expect(withPreloads('<head><title>t</title></head><body></body>', '<link>')).toBe(
      '<head><title>t</title><link></head><body></body>',
    );
    expect(withPreloads('<p>no head</p>', '<link>')).toBe('<p>no head</p>');
  });
});
