import { describe, expect, it } from 'vitest';
import { chosenTheme, withTheme } from './page-theme.ts';

describe('chosenTheme', () => {
  it('reads light or dark from the theme cookie, among others', () => {
    expect(chosenTheme('theme=dark')).toBe('dark');
    expect(chosenTheme('a=1;  theme=light ; b=2')).toBe('light');
  });

  it('ignores anything else', () => {
    for (const header of [undefined, '', 'theme=', 'theme=Dark', 'theme=dark"', 'mytheme=dark']) {
      expect(chosenTheme(header), String(header)).toBeNull();
    }
  });
});

describe('withTheme', () => {
  it('marks the html element only', () => {
    expect(withTheme('<!doctype html><html lang="en"><head>', 'dark')).toBe(
      '<!doctype html><html data-theme="dark" lang="en"><head>',
    );
    expect(withTheme('<html><body><htmlish>', 'light')).toBe(
      '<html data-theme="light"><body><htmlish>',
    );
  });
});
