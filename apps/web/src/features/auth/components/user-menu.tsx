/**
 * The header's account part: My Content, the greeting and Logout; or, signed out, Login and
 * Register, after My Content when this tab's private key has posts (My Content lists them).
 */
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { useKeyInUse } from '../../../lib/anonymous-key.ts';
import { useViewer } from '../../../lib/auth.ts';
import { TEXT, UI } from '../../../lib/messages.ts';
import { useLogout } from '../api/logout.ts';
import styles from './user-menu.module.css';

export function UserMenu() {
  const viewer = useViewer();
  const logout = useLogout();
  const keyInUse = useKeyInUse();

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
      {keyInUse && (
        <NavLink to="/my/content" className={styles.navLink}>
          {TEXT.myContent}
        </NavLink>
      )}
      <NavLink to="/login" className={styles.navLink}>
        {TEXT.login}
      </NavLink>
      <Link to="/register" className={buttonClass('ghost')}>
        {TEXT.register}
      </Link>
    </div>
  );
}
