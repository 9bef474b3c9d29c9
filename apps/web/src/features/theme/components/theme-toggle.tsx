/** Light/dark toggle: remembered as `theme` in localStorage, the system's by default. */
import { useSyncExternalStore } from 'react';
import { iconButtonClass } from '../../../components/ui/button.ts';
import { TEXT } from '../../../lib/messages.ts';
import { storeTheme, type Theme } from '../../../lib/storage.ts';

function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The document's theme attribute is the one source of truth (set before first paint). */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribe, currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={iconButtonClass}
      aria-label={next === 'dark' ? TEXT.themeToDark : TEXT.themeToLight}
      title={next === 'dark' ? TEXT.themeToDark : TEXT.themeToLight}
      onClick={() => {
        applyTheme(next);
        storeTheme(next);
      }}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
