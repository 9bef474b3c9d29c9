import { useEffect, useState } from 'react';
import {
  type FoundItem,
  findPersonalInfo,
  loadPersonalInfo,
  type PersonalInfoModule,
} from '../lib/personal-info.ts';

/** How long typing pauses before the text is checked again. */
const DEBOUNCE_MS = 350;

/**
 * Personal information in `text`, checked as the writer types (debounced). The guard loads
 * when the first character is written; until then nothing is found. `guard` is there for
 * redacting an item in the current text.
 */
export function usePersonalInfo(text: string): {
  items: FoundItem[];
  guard: PersonalInfoModule | null;
} {
  const [guard, setGuard] = useState<PersonalInfoModule | null>(null);
  const [items, setItems] = useState<FoundItem[]>([]);

  // Loaded with the first character written, not when the box is drawn: a question's page
  // draws its reply box for every reader, and most never write (the guard is 40 KB gzipped,
  // and running it took the main thread as the page became usable).
  const writing = text !== '';
  useEffect(() => {
    if (!writing || guard) return;
    let live = true;
    loadPersonalInfo().then(
      (loaded) => {
        if (live) setGuard(loaded);
      },
      () => {
        // Offline or a failed deploy: writing goes on without the warning.
      },
    );
    return () => {
      live = false;
    };
  }, [writing, guard]);

  useEffect(() => {
    if (!guard) return;
    const timer = setTimeout(() => setItems(findPersonalInfo(guard, text)), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [guard, text]);

  // An item redacted (or edited away) goes at once, before the next check.
  return { items: items.filter((item) => text.includes(item.text)), guard };
}
