import { Link, useLocation } from 'react-router';
import Nav from 'react-bootstrap/Nav';
import type { UserInfo } from '../../contract/user-info';

/**
 * The navbar's links for `user`: Home, Profile, Manage Shares (administrators), Balance, API Keys
 * and Import (administrators), Change Password, Logout. `close` shuts the phone menu.
 */
export function MainNav(props: { user: UserInfo; close: () => void; onLogout: () => void }) {
  const { user, close } = props;
  const { pathname, search } = useLocation();
  const own = user.SH_ID ? `?SH_UID=${encodeURIComponent(user.SH_ID)}` : '';
  // Administrators and read-only holders see the registry's pages (decision 124).
  const reader = user.isAdmin || user.isReadOnly;
  const ownHolder = user.SH_ID ? new URLSearchParams(search).get('SH_UID') === user.SH_ID : false;
  const link = (to: string, label: string, active: boolean) => (
    // Link, not NavLink: NavLink's matching ignores the query string (SH_UID).
    <Nav.Link
      as={Link}
      to={to}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={close}
    >
      {label}
    </Nav.Link>
  );
  return (
    <Nav className="ms-auto">
      {link('/', 'Home', pathname === '/')}
      {user.SH_ID && link(`/profile${own}`, 'Profile', pathname === '/profile' && ownHolder)}
      {user.isAdmin && link('/transaction', 'Manage Shares', pathname === '/transaction')}
      {user.SH_ID && link(`/view${own}`, 'Balance', pathname === '/view' && ownHolder)}
      {reader && link('/ledger', 'Ledger', pathname === '/ledger')}
      {reader && link('/audit', 'Audit', pathname === '/audit')}
      {reader && link('/certificates', 'Certificates', pathname.startsWith('/certificates'))}
      {reader && link('/cap-table', 'Cap Table', pathname === '/cap-table')}
      {reader && link('/stockholder-list', 'Stockholder List', pathname === '/stockholder-list')}
      {user.isAdmin && link('/api-keys', 'API Keys', pathname === '/api-keys')}
      {user.isAdmin && link('/import/salesforce', 'Import', pathname === '/import/salesforce')}
      {user.isAdmin && link('/settings', 'Settings', pathname === '/settings')}
      {link('/password', 'Change Password', pathname === '/password')}
      <Nav.Link
        as="button"
        type="button"
        onClick={() => {
          close();
          props.onLogout();
        }}
      >
        Logout
      </Nav.Link>
    </Nav>
  );
}
