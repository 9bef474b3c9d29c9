import { TEXT } from '../../lib/messages.ts';

/** The next page of a list, on request (keyboards; infinite scroll calls the same). */
export function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <div className="load-more">
      <button type="button" className="button" disabled={loading} onClick={onLoad}>
        {loading ? TEXT.loadingMore : TEXT.loadMore}
      </button>
    </div>
  );
}
