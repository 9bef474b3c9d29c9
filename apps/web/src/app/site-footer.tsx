/** The footer on every page: links to the pages that explain the site. */
import { Link } from 'react-router';
import { TEXT } from '../lib/messages.ts';
import styles from './site-footer.module.css';

const LINKS = [
  { to: '/about', label: TEXT.about },
  { to: '/privacy', label: TEXT.privacy },
  { to: '/rules', label: TEXT.rules },
] as const;

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <nav aria-label={TEXT.footerNav}>
        <ul className={styles.links}>
          {LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
