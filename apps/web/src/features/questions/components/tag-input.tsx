/** Tags as '#name' chips: Add button or Enter; trimmed, lower-cased, no empties or duplicates. */
import { LIMITS, normalizeTags, tagListProblem } from '@dating/contract';
import { useId, useState } from 'react';
import { TEXT } from '../../../lib/messages.ts';

export function addTag(tags: readonly string[], raw: string): string[] {
  return normalizeTags([...tags, raw]);
}

export function TagInput({
  tags,
  onChange,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const problem = tagListProblem(tags);

  const add = () => {
    onChange(addTag(tags, draft));
    setDraft('');
  };

  return (
    <div className="field">
      <label htmlFor={id}>{TEXT.tags}</label>
      <div className="tag-entry">
        <input
          id={id}
          type="text"
          value={draft}
          maxLength={LIMITS.tagMax}
          placeholder={TEXT.tagPlaceholder}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" onClick={add}>
          {TEXT.add}
        </button>
      </div>
      {tags.length > 0 && (
        <ul className="chips">
          {tags.map((tag) => (
            <li key={tag} className="chip">
              <span>#{tag}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={TEXT.removeTag(tag)}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
