/** The header's account part: greeting and Logout, or Login and Register links. */
import { Link, NavLink } from 'react-router';
import { useViewer } from '../../../lib/auth.ts';
import { TEXT, UI } from '../../../lib/messages.ts';
import { useLogout } from '../api/logout.ts';

export function UserMenu() {
  const viewer = useViewer();
  const logout = useLogout();

  if (viewer.loading) {
    return (
      <p className="auth-loading" role="status">
        {UI.loadingAuth}
      </p>
    );
  }
  if (viewer.signedIn) {
    return (
      <div className="user-menu">
        <NavLink to="/my/content" className="nav-link">
          {TEXT.myContent}
        </NavLink>
        <span className="greeting">{TEXT.welcome(viewer.username ?? '')}</span>
        <button
          type="button"
          className="button button-ghost"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {TEXT.logout}
        </button>
      </div>
    );
  }
  return (
    <div className="user-menu">
      <NavLink to="/login" className="nav-link">
        {TEXT.login}
      </NavLink>
      <Link to="/register" className="button button-ghost">
        {TEXT.register}
      </Link>
    </div>
  );
}
