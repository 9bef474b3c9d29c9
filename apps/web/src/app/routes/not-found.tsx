import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { cardClass } from '../../components/ui/card.ts';
import { cx } from '../../lib/cx.ts';
import { TEXT, UI } from '../../lib/messages.ts';
import styles from './routes.module.css';

export function NotFoundRoute() {
  return (
    <div className={styles.narrow}>
      <title>{`${TEXT.pageNotFound} · ${TEXT.brand}`}</title>
      <div className={cx(cardClass, styles.centered)}>
        <h1>{TEXT.pageNotFound}</h1>
        <p>{UI.notFound}</p>
        <p className={styles.muted}>{TEXT.notFoundHint}</p>
        <Link to="/" className={buttonClass('primary')}>
          {TEXT.backToHome}
        </Link>
      </div>
    </div>
  );
}
