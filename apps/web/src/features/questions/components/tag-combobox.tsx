/**
 * The feed's tag filter: a text box that suggests tags as you type, each with how many
 * questions carry it (the ARIA combobox pattern with a listbox popup). Arrow keys move
 * through the suggestions, Enter picks one (or the first match), Escape closes the list and
 * puts back the current tag. Before anything is typed, the first option, 'All tags', clears
 * the filter.
 */
import type { TagWithCount } from '@dating/contract';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { FieldFrame } from '../../../components/ui/form.tsx';
import { cx } from '../../../lib/cx.ts';
import { TEXT } from '../../../lib/messages.ts';
import { tagMatches } from '../lib/tag-matches.ts';
import styles from './tag-combobox.module.css';

/** A suggestion: a tag, or null for 'All tags'. */
type Choice = TagWithCount | null;

export function TagCombobox({
  tags,
  value,
  onChange,
  className,
}: {
  tags: readonly TagWithCount[];
  /** The tag filtered on, if any. */
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
  className?: string | undefined;
}) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  /** What is typed; null while the box shows the current tag. */
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const searching = (typed ?? '').trim() !== '';
  const choices = useMemo<Choice[]>(() => {
    const matches = tagMatches(tags, typed ?? '');
    return searching ? matches : [null, ...matches];
  }, [tags, typed, searching]);
  // An empty listbox is no list: nothing matches, nothing shows.
  const shown = open && choices.length > 0;

  useEffect(() => {
    if (open && active >= 0) {
      document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    }
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
    setTyped(null);
  };
  const choose = (choice: Choice) => {
    close();
    onChange(choice?.name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((i) => Math.min(i + 1, choices.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((i) => (i <= 0 ? choices.length - 1 : i - 1));
        break;
      case 'Enter': {
        if (!open) return;
        event.preventDefault();
        const picked = active >= 0 ? choices[active] : searching ? choices[0] : undefined;
        if (picked !== undefined) choose(picked);
        else close();
        break;
      }
      case 'Escape':
        if (open || typed !== null) {
          event.preventDefault();
          close();
        }
        break;
      default:
    }
  };

  return (
    <FieldFrame id={id} label={TEXT.tagFilter} className={className}>
      <div className={styles.combobox}>
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={shown}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={TEXT.anyTag}
          className={styles.input}
          value={typed ?? (value ? `#${value}` : '')}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <div
          id={listboxId}
          role="listbox"
          aria-label={TEXT.tagSuggestions}
          hidden={!shown}
          className={styles.listbox}
        >
          {choices.map((choice, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys work from the box (aria-activedescendant)
            <div
              key={choice?.id ?? 'all'}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={cx(styles.option, choice?.name === value && styles.current)}
              // Keeps the focus in the box, so the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(choice)}
            >
              {choice === null ? (
                TEXT.anyTag
              ) : (
                <>
                  <span className={styles.name}>#{choice.name}</span>{' '}
                  <span className={styles.count}>({choice.count})</span>
                </>
              )}
            </div>
          ))}
        </div>
      </div>
    </FieldFrame>
  );
}
