/**
 * Light/dark toggle: the system's by default. A choice is remembered in a `theme` cookie, so
 * the server writes it into the page (`<html data-theme>`) and the first paint has it with no
 * script; it is also kept in localStorage, as before.
 */
import { useSyncExternalStore } from 'react';
import { iconButtonClass } from '../../../components/ui/button.ts';
import { cx } from '../../../lib/cx.ts';
import { TEXT } from '../../../lib/messages.ts';
import { applyTheme, storeTheme, type Theme } from '../../../lib/storage.ts';

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)');

/** The document's theme attribute when the visitor chose one, else the system's scheme. */
function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return systemDark()?.matches ? 'dark' : 'light';
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  const system = systemDark();
  system?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    system?.removeEventListener('change', onChange);
  };
}

/** The server draws the light toggle; the browser redraws it at once after hydration. */
const serverTheme = (): Theme => 'light';

export function ThemeToggle({ className }: { className?: string }) {
  const theme = useSyncExternalStore(subscribe, currentTheme, serverTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={cx(iconButtonClass, className)}
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
