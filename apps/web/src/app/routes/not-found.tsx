import { Link } from 'react-router';
import { TEXT, UI } from '../../lib/messages.ts';

export function NotFoundRoute() {
  return (
    <div className="page narrow">
      <title>{`${TEXT.pageNotFound} · ${TEXT.brand}`}</title>
      <div className="card empty-card">
        <h1>{TEXT.pageNotFound}</h1>
        <p>{UI.notFound}</p>
        <p className="muted">{TEXT.notFoundHint}</p>
        <Link to="/" className="button button-primary">
          {TEXT.backToHome}
        </Link>
      </div>
    </div>
  );
}
