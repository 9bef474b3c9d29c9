/**
 * The home feed: search, filters, 'Feed' or 'Results', empty states, and more questions as
 * the visitor scrolls (with a 'Load more' button for keyboards). The search and the filters
 * live in the address (see packages/contract/src/feed-params.ts): a filter change is a new history entry,
 * typing in the search box replaces the current one. Drawn on the server, they are disabled
 * until the app has taken the page over.
 */
import {
  FEED_SORT_DEFAULT,
  FEED_SORTS,
  type FeedState,
  feedQuery,
  isFiltering,
  LIMITS,
  readFeedState,
  withoutFilters,
} from '@dating/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AfterPost } from '../../../components/ui/after-post.tsx';
import { buttonClass, linkButtonClass } from '../../../components/ui/button.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useOnVisible } from '../../../hooks/use-on-visible.ts';
import { searchTerms } from '../../../lib/highlight.ts';
import { FEED_SORT_LABELS, MSG, OUTCOME_UI, TEXT, UI } from '../../../lib/messages.ts';
import { AGE_OPTIONS, GENDER_OPTIONS, option } from '../../../lib/options.ts';
import { useQuestions } from '../api/get-questions.ts';
import { useTags } from '../api/get-tags.ts';
import { QuestionCard } from './question-card.tsx';
import styles from './question-feed.module.css';
import { QuestionCardSkeleton } from './question-skeleton.tsx';
import { TagCombobox } from './tag-combobox.tsx';

const SORT_OPTIONS = FEED_SORTS.map((value) => option(value, () => FEED_SORT_LABELS[value]));
/** Besides the default (the page's language and English, and unknown ones). */
const LANGUAGE_OPTIONS = [
  option('all', () => TEXT.allLanguages),
  option('es', () => TEXT.spanish),
  option('ar', () => TEXT.arabic),
];

const SEARCH_DELAY_MS = 300;
const SKELETON_CARDS = 3;

/** The feed's state from the address, and a way to change it. */
function useFeedState() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(
    () => readFeedState(new URLSearchParams(location.search)),
    [location.search],
  );
  // The address as last asked for: the router renders a navigation in a transition, so on a
  // slow phone a change can still be on its way when the next one comes (a filter chosen,
  // then the typed search's timer), and the next must build on it, not drop it.
  const latest = useRef(location.search);
  const rendered = useRef(location.search);
  if (rendered.current !== location.search) {
    rendered.current = location.search;
    latest.current = location.search;
  }
  /** Applies a change to the address as last asked for (a timer's render may be stale). */
  const update = (change: (state: FeedState) => FeedState, { replace = false } = {}) => {
    const current = readFeedState(new URLSearchParams(latest.current));
    const next = feedQuery(change(current));
    if (next === feedQuery(current)) return;
    latest.current = next ? `?${next}` : '';
    navigate({ search: latest.current }, { replace });
  };
  return { state, update };
}

export function QuestionFeed({ onAsk }: { onAsk: (prefill: string) => void }) {
  const { state, update } = useFeedState();
  const filtering = isFiltering(state);
  const questions = useQuestions(state);
  const tags = useTags();
  const sentinel = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const headingId = useId();
  const terms = useMemo(() => searchTerms(state.search ?? ''), [state.search]);
  // Drawn by the server, the search and the filters are disabled until the app has the
  // page: typed into before, they would act on nothing.
  const own = useHydrated();

  // The box shows what is typed; the address follows after a pause. When the address
  // changes otherwise (Back, Forward, a link), the box follows it.
  const urlSearch = state.search ?? '';
  const [text, setText] = useState(urlSearch);
  const [shownSearch, setShownSearch] = useState(urlSearch);
  const typing = useRef<number | undefined>(undefined);
  /** The search this box last wrote to the address (its own change, not one to follow). */
  const written = useRef(urlSearch);
  if (shownSearch !== urlSearch) {
    setShownSearch(urlSearch);
    if (urlSearch !== written.current) {
      // Back, Forward or a link: the address wins, over a change still waiting too.
      written.current = urlSearch;
      window.clearTimeout(typing.current);
      setText(urlSearch);
    }
  }
  useEffect(() => () => window.clearTimeout(typing.current), []);
  const search = (value: string) => {
    written.current = value.trim();
    update((s) => ({ ...s, search: value.trim() || undefined }), { replace: true });
  };
  const onType = (value: string) => {
    setText(value);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => search(value), SEARCH_DELAY_MS);
  };

  const loadMore = () => {
    if (questions.hasNextPage && !questions.isFetchingNextPage) void questions.fetchNextPage();
  };
  // Re-armed after each page, so a sentinel still in view asks for the next one.
  useOnVisible(
    sentinel,
    loadMore,
    questions.hasNextPage && !questions.isFetchingNextPage && !questions.isFetchNextPageError,
  );

  const items = questions.data?.pages.flatMap((page) => page.items) ?? [];
  const total = state.search ? (questions.data?.pages[0]?.total ?? null) : null;

  return (
    <>
      <section className={styles.hero}>
        <h1 className={styles.heading}>{TEXT.brand}</h1>
        <p className={styles.tagline}>{UI.tagline}</p>
        <search className={styles.search}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              window.clearTimeout(typing.current);
              search(text);
            }}
          >
            <label htmlFor={searchId} className="visually-hidden">
              {TEXT.searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              disabled={!own}
              value={text}
              placeholder={TEXT.searchPlaceholder}
              autoComplete="off"
              onChange={(event) => onType(event.target.value)}
            />
          </form>
        </search>
        <fieldset className={styles.filters} disabled={!own}>
          <legend className="visually-hidden">{TEXT.filtersLabel}</legend>
          <TagCombobox
            tags={tags.data ?? []}
            value={state.tag}
            className={styles.filter}
            onChange={(tag) => update((s) => ({ ...s, tag }))}
          />
          <SelectField
            label={TEXT.genderFilter}
            value={state.gender ?? ''}
            options={GENDER_OPTIONS}
            emptyLabel={TEXT.anyGender}
            className={styles.filter}
            onChange={(gender) => update((s) => ({ ...s, gender: gender || undefined }))}
          />
          <SelectField
            label={TEXT.ageFilter}
            value={state.age_range ?? ''}
            options={AGE_OPTIONS}
            emptyLabel={TEXT.anyAge}
            className={styles.filter}
            onChange={(age) => update((s) => ({ ...s, age_range: age || undefined }))}
          />
          <SelectField
            label={TEXT.languageFilter}
            value={state.language ?? ''}
            options={LANGUAGE_OPTIONS}
            emptyLabel={TEXT.yourLanguages}
            className={styles.filter}
            onChange={(language) => update((s) => ({ ...s, language: language || undefined }))}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={state.has_updates === 'true'}
              onChange={(event) =>
                update((s) => ({ ...s, has_updates: event.target.checked ? 'true' : undefined }))
              }
            />
            {OUTCOME_UI.withUpdates}
          </label>
          {filtering && (
            <button
              type="button"
              className={buttonClass('ghost', 'normal', styles.clear)}
              onClick={() => {
                window.clearTimeout(typing.current);
                setText('');
                written.current = '';
                update(withoutFilters);
              }}
            >
              {TEXT.clearFilters}
            </button>
          )}
        </fieldset>
        {tags.isError && (
          <LoadError
            message={MSG.loadTagsFailed}
            retrying={tags.isFetching}
            onRetry={() => void tags.refetch()}
          />
        )}
      </section>

      <section className={styles.feed} aria-labelledby={headingId}>
        <div className={styles.feedHeader}>
          <h2 id={headingId}>{filtering ? UI.resultsHeading : UI.feedHeading}</h2>
          <SelectField
            label={TEXT.sortLabel}
            value={state.sort ?? FEED_SORT_DEFAULT}
            options={SORT_OPTIONS}
            className={styles.sort}
            disabled={!own}
            onChange={(sort) => update((s) => ({ ...s, sort: sort || undefined }))}
          />
        </div>
        {total !== null && !questions.isPending && (
          <p className={styles.resultCount} role="status" data-testid="result-count">
            {TEXT.resultCount(total, total >= LIMITS.searchCountMax)}
          </p>
        )}
        {questions.isPending ? (
          <>
            <StatusMessage visuallyHidden>{UI.loading}</StatusMessage>
            <ol className={styles.list} aria-hidden="true">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
                <li key={i}>
                  <QuestionCardSkeleton />
                </li>
              ))}
            </ol>
          </>
        ) : questions.isError && items.length === 0 ? (
          <LoadError
            message={MSG.loadPostsFailed}
            retrying={questions.isFetching}
            onRetry={() => void questions.refetch()}
          />
        ) : items.length === 0 ? (
          filtering ? (
            <EmptyState>
              <p>{UI.emptyFiltered}</p>
              <button type="button" className={linkButtonClass} onClick={() => onAsk(text.trim())}>
                {TEXT.postYourQuestion}
              </button>
            </EmptyState>
          ) : (
            <EmptyState>
              <p>{UI.emptyFeed}</p>
            </EmptyState>
          )
        ) : (
          <>
            <ol className={styles.list} aria-labelledby={headingId} data-testid="question-list">
              {items.map((question) => (
                <li key={question.id}>
                  <QuestionCard question={question} terms={terms} />
                  <AfterPost type="question" id={question.id} />
                </li>
              ))}
            </ol>
            <div ref={sentinel} className={styles.sentinel} data-testid="feed-end" />
            {questions.isFetchNextPageError && (
              <LoadError
                message={MSG.loadPostsFailed}
                retrying={questions.isFetchingNextPage}
                onRetry={loadMore}
              />
            )}
            {questions.hasNextPage && !questions.isFetchNextPageError && (
              <LoadMore loading={questions.isFetchingNextPage} onLoad={loadMore} />
            )}
          </>
        )}
      </section>
    </>
  );
}
