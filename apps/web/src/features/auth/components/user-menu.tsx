/** The header's account part: greeting and Logout, or Login and Register links. */
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { useViewer } from '../../../lib/auth.ts';
import { TEXT, UI } from '../../../lib/messages.ts';
import { useLogout } from '../api/logout.ts';
import styles from './user-menu.module.css';

export function UserMenu() {
  const viewer = useViewer();
  const logout = useLogout();

  if (viewer.loading) {
    return (
      <p className={styles.loading} role="status">
        {UI.loadingAuth}
      </p>
    );
  }
  if (viewer.signedIn) {
    return (
      <div className={styles.userMenu}>
        <NavLink to="/my/content" className={styles.navLink}>
          {TEXT.myContent}
        </NavLink>
        <span className={styles.greeting}>{TEXT.welcome(viewer.username ?? '')}</span>
        <button
          type="button"
          className={buttonClass('ghost')}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {TEXT.logout}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.userMenu}>
      <NavLink to="/login" className={styles.navLink}>
        {TEXT.login}
      </NavLink>
      <Link to="/register" className={buttonClass('ghost')}>
        {TEXT.register}
      </Link>
    </div>
  );
}
