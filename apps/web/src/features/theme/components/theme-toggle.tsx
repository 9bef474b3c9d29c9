/** Light/dark toggle: remembered as `theme` in localStorage, the system's by default. */
import { useState } from 'react';
import { TEXT } from '../../../lib/messages.ts';
import { storeTheme, type Theme } from '../../../lib/storage.ts';

function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={next === 'dark' ? TEXT.themeToDark : TEXT.themeToLight}
      title={next === 'dark' ? TEXT.themeToDark : TEXT.themeToLight}
      onClick={() => {
        applyTheme(next);
        storeTheme(next);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
