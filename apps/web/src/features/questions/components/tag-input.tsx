/**
 * Tags as '#name' chips: Add button or Enter; trimmed, lower-cased, no empties or duplicates.
 * The box suggests the site's existing tags (a native datalist, most used first), so that
 * askers reuse them rather than make near-duplicates.
 * The limits (10 tags, 32 characters each) show as a hint from the start, and a tag past
 * them is refused here with the contract's own words, before anything is sent.
 */
import { LIMITS, normalizeTags } from '@dating/contract';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import fieldStyles from '../../../components/ui/field.module.css';
import { FieldFrame } from '../../../components/ui/form.tsx';
import { TEXT } from '../../../lib/messages.ts';
import { tagListProblem } from '../lib/tag-messages.ts';
import styles from './tag-input.module.css';

export function addTag(tags: readonly string[], raw: string): string[] {
  return normalizeTags([...tags, raw]);
}

/** Why `raw` cannot be added to `tags` (a limit), or null. */
export function tagEntryProblem(tags: readonly string[], raw: string): string | null {
  return tagListProblem(addTag(tags, raw));
}

export function TagInput({
  tags,
  suggestions = [],
  onChange,
}: {
  tags: string[];
  /** Existing tag names to suggest; the ones already added are left out. */
  suggestions?: readonly string[];
  onChange: (tags: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const id = useId();
  const hintId = `${id}-limits`;
  const problemId = `${id}-problem`;
  const suggestionsId = `${id}-suggestions`;
  const offered = suggestions.filter((name) => !tags.includes(name));
  // A tag being typed that is too long shows at once; the 10-tag limit when one more is added.
  const typingProblem = draft.trim() ? tagListProblem(normalizeTags([draft])) : null;
  const problem = typingProblem ?? refused ?? tagListProblem(tags);

  const add = () => {
    const next = tagEntryProblem(tags, draft);
    if (next) {
      setRefused(next);
      return;
    }
    setRefused(null);
    onChange(addTag(tags, draft));
    setDraft('');
  };

  return (
    <FieldFrame id={id} label={TEXT.tags}>
      <div className={styles.entry}>
        <input
          id={id}
          type="text"
          value={draft}
          placeholder={TEXT.tagPlaceholder}
          list={offered.length > 0 ? suggestionsId : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          onChange={(event) => {
            setDraft(event.target.value);
            setRefused(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className={buttonClass()} onClick={add}>
          {TEXT.add}
        </button>
        {offered.length > 0 && (
          <datalist id={suggestionsId} data-testid="tag-suggestions">
            {offered.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        )}
      </div>
      {tags.length > 0 && (
        <ul className={styles.chips} aria-label={TEXT.selectedTags}>
          {tags.map((tag) => (
            <li key={tag} className={styles.chip}>
              <span>#{tag}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={TEXT.removeTag(tag)}
                onClick={() => {
                  setRefused(null);
                  onChange(tags.filter((t) => t !== tag));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.status}>
        <p id={hintId} className={fieldStyles.hint}>
          {TEXT.tagLimits(LIMITS.tagsPerQuestionMax, LIMITS.tagMax)}
        </p>
        <p className={fieldStyles.hint} aria-live="polite">
          {TEXT.tagCount(tags.length, LIMITS.tagsPerQuestionMax)}
        </p>
      </div>
      <p id={problemId} className={fieldStyles.error} aria-live="polite">
        {problem}
      </p>
    </FieldFrame>
  );
}
