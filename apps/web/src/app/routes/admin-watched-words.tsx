/** /admin/watched-words: the watched words, for admins (the server refuses anyone else). */
import { Link } from 'react-router';
import {
  WATCHED_TEXT,
  WatchedWords,
} from '../../features/watched-words/components/watched-words.tsx';
import { TEXT } from '../../lib/messages.ts';

export function AdminWatchedWordsRoute() {
  return (
    <div>
      <title>{`${WATCHED_TEXT.heading} · ${TEXT.brand}`}</title>
      <p>
        <Link to="/admin/reports">{TEXT.moderation}</Link>
      </p>
      <h1>{WATCHED_TEXT.heading}</h1>
      <WatchedWords />
    </div>
  );
}
