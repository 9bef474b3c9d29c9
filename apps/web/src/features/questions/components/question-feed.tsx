/**
 * The home feed: search, filters, 'Feed' or 'Results', empty states, and more questions
 * as the visitor scrolls (with a 'Load more' button for keyboards).
 */
import type { AgeRange, Gender } from '@dating/contract';
import { useId, useRef, useState } from 'react';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useOnVisible } from '../../../hooks/use-on-visible.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { AGE_OPTIONS, GENDER_OPTIONS } from '../../../lib/options.ts';
import { useQuestions } from '../api/get-questions.ts';
import { useTags } from '../api/get-tags.ts';
import { QuestionCard } from './question-card.tsx';

export function QuestionFeed({ onAsk }: { onAsk: (prefill: string) => void }) {
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [gender, setGender] = useState<Gender | ''>('');
  const [age, setAge] = useState<AgeRange | ''>('');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const filters = {
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(tag ? { tag } : {}),
    ...(gender ? { gender } : {}),
    ...(age ? { age_range: age } : {}),
  };
  // The heading follows the filters the list shows, so it changes with the results.
  const filtering = Object.keys(filters).length > 0;
  const questions = useQuestions(filters);
  const tags = useTags();
  const sentinel = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const headingId = useId();

  const loadMore = () => {
    if (questions.hasNextPage && !questions.isFetchingNextPage) void questions.fetchNextPage();
  };
  // Re-armed after each page, so a sentinel still in view asks for the next one.
  useOnVisible(sentinel, loadMore, questions.hasNextPage && !questions.isFetchingNextPage);

  const items = questions.data?.pages.flatMap((page) => page.items) ?? [];
  const tagOptions = (tags.data ?? []).map((t) => ({ value: t.name, label: `#${t.name}` }));
  if (tag && !tagOptions.some((o) => o.value === tag))
    tagOptions.unshift({ value: tag, label: `#${tag}` });

  return (
    <>
      <section className="hero">
        <h1 className="brand-heading">{TEXT.brand}</h1>
        <p className="tagline">{UI.tagline}</p>
        <search className="search">
          <form
            onSubmit={(event) => {
              event.preventDefault();
            }}
          >
            <label htmlFor={searchId} className="visually-hidden">
              {TEXT.searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder={TEXT.searchPlaceholder}
              autoComplete="off"
              onChange={(event) => setSearch(event.target.value)}
            />
          </form>
        </search>
        <fieldset className="filters">
          <legend className="visually-hidden">{TEXT.filtersLabel}</legend>
          <SelectField
            label={TEXT.tagFilter}
            value={tag}
            options={tagOptions}
            emptyLabel={TEXT.anyTag}
            onChange={setTag}
          />
          <SelectField
            label={TEXT.genderFilter}
            value={gender}
            options={GENDER_OPTIONS}
            emptyLabel={TEXT.anyGender}
            onChange={setGender}
          />
          <SelectField
            label={TEXT.ageFilter}
            value={age}
            options={AGE_OPTIONS}
            emptyLabel={TEXT.anyAge}
            onChange={setAge}
          />
          {filtering && (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setSearch('');
                setTag('');
                setGender('');
                setAge('');
              }}
            >
              {TEXT.clearFilters}
            </button>
          )}
        </fieldset>
        {tags.isError && <StatusMessage kind="error">{MSG.loadTagsFailed}</StatusMessage>}
      </section>

      <section className="feed" aria-labelledby={headingId}>
        <h2 id={headingId}>{filtering ? UI.resultsHeading : UI.feedHeading}</h2>
        {questions.isPending ? (
          <StatusMessage>{UI.loading}</StatusMessage>
        ) : questions.isError && items.length === 0 ? (
          <StatusMessage kind="error">{MSG.loadPostsFailed}</StatusMessage>
        ) : items.length === 0 ? (
          filtering ? (
            <div className="empty">
              <p>{UI.emptyFiltered}</p>
              <button type="button" className="link-button" onClick={() => onAsk(search.trim())}>
                {TEXT.postYourQuestion}
              </button>
            </div>
          ) : (
            <p className="empty">{UI.emptyFeed}</p>
          )
        ) : (
          <>
            <ol className="question-list">
              {items.map((question) => (
                <li key={question.id}>
                  <QuestionCard question={question} onTag={setTag} />
                </li>
              ))}
            </ol>
            <div ref={sentinel} className="sentinel" />
            {questions.isFetchNextPageError && (
              <StatusMessage kind="error">{MSG.loadPostsFailed}</StatusMessage>
            )}
            {questions.hasNextPage && (
              <LoadMore loading={questions.isFetchingNextPage} onLoad={loadMore} />
            )}
          </>
        )}
      </section>
    </>
  );
}
