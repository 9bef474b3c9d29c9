/**
 * A list the server gives a page at a time: a placeholder while the first page loads, the
 * error with Retry when it fails, a note when there is nothing, else the items and, while
 * there are more, Load more.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { LoadError } from './load-error.tsx';
import { LoadMore } from './load-more.tsx';

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  /** Shown while the first page loads. */
  placeholder: ReactNode;
  /** What a failure says (the error's own, say: not signed in). */
  errorMessage: (error: Error) => string;
  /** What the list says when it has nothing. */
  empty: ReactNode;
  /** The items loaded so far, drawn. */
  children: (items: T[]) => ReactNode;
}

export function PagedList<T>({
  query,
  placeholder,
  errorMessage,
  empty,
  children,
}: PagedListProps<T>) {
  if (query.isPending) return placeholder;
  if (query.isError) {
    return (
      <LoadError
        message={errorMessage(query.error)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState>
        <p>{empty}</p>
      </EmptyState>
    );
  }
  return (
    <>
      {children(items)}
      {query.hasNextPage && (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
    </>
  );
}
