import { useHydrated } from '../../hooks/use-hydrated.ts';
import { TEXT } from '../../lib/messages.ts';
import { buttonClass } from './button.ts';
import styles from './load-more.module.css';

/** The next page of a list, on request (keyboards; infinite scroll calls the same). */
export function LoadMore({
  loading,
  onLoad,
  label = TEXT.loadMore,
}: {
  loading: boolean;
  onLoad: () => void;
  label?: string;
}) {
  const hydrated = useHydrated();
  return (
    <div className={styles.loadMore}>
      <button
        type="button"
        className={buttonClass()}
        disabled={!hydrated || loading}
        onClick={onLoad}
      >
        {loading ? TEXT.loadingMore : label}
      </button>
    </div>
  );
}
