/** The footer on every page: links to the pages that explain the site, and the language menu. */
import { Link } from 'react-router';
import { LanguageMenu } from '../features/language/components/language-menu.tsx';
import { TEXT } from '../lib/messages.ts';
import styles from './site-footer.module.css';

// Labels are read while drawing, in the page's language (lib/messages.ts).
const LINKS = [
  { to: '/about', label: () => TEXT.about },
  { to: '/privacy', label: () => TEXT.privacy },
  { to: '/rules', label: () => TEXT.rules },
] as const;

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <nav aria-label={TEXT.footerNav}>
        <ul className={styles.links}>
          {LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to}>{label()}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageMenu className={styles.language} />
    </footer>
  );
}
