/**
 * The app is written against React's API and types, and runs on Preact through
 * preact/compat: the same components, for about a fifth of React DOM's bytes (React DOM was
 * two thirds of the JavaScript a question's page loaded before its load event). Every
 * bundle that runs the app resolves React's modules to Preact's: the browser's, the
 * server's drawing of the first screen, and the unit tests.
 */
import type { Alias, UserConfig } from 'vite';

const modules: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export const preactAliases: Alias[] = Object.entries(modules).map(([find, replacement]) => ({
  find: new RegExp(`^${find.replaceAll('/', '\\/')}$`),
  replacement,
}));

/**
 * The JSX transform for every bundle of the app: React's automatic runtime
 * (`react/jsx-runtime`), which the aliases above take to Preact's.
 */
export const reactJsx: UserConfig['oxc'] = { jsx: { runtime: 'automatic' } };
