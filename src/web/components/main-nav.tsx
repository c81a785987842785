import { Link, useLocation } from 'react-router';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import type { UserInfo } from '../../contract/user-info';

/** The registry's pages, for administrators and read-only holders (decision 124). */
const REGISTRY = [
  ['/cap-table', 'Cap Table'],
  ['/ledger', 'Ledger'],
  ['/certificates', 'Certificates'],
  ['/stockholder-list', 'Stockholder List'],
  ['/audit', 'Audit Trail'],
] as const;

/** The company's settings and connections, for administrators. */
const COMPANY = [
  ['/settings', 'Settings'],
  ['/api-keys', 'API Keys'],
  ['/import/salesforce', 'Import from Salesforce'],
  ['/import/ocf', 'Import OCF Package'],
  ['/import/spreadsheet', 'Import Spreadsheet'],
] as const;

/** A menu of pages; its title is marked current when one of them is. */
function PageMenu(props: {
  title: string;
  pages: ReadonlyArray<readonly [string, string]>;
  pathname: string;
  close: () => void;
}) {
  const current = (to: string) => props.pathname === to || props.pathname.startsWith(`${to}/`);
  const active = props.pages.some(([to]) => current(to));
  return (
    <NavDropdown title={props.title} id={`menu-${props.title.toLowerCase()}`} active={active}>
      {props.pages.map(([to, label]) => (
        <NavDropdown.Item
          key={to}
          as={Link}
          to={to}
          active={current(to)}
          aria-current={current(to) ? 'page' : undefined}
          onClick={props.close}
        >
          {label}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}

/**
 * The navbar for `user`: Home, Profile, Manage Shares (administrators), Balance, the Registry
 * menu (administrators and read-only holders), the Company menu (administrators), Change
 * Password, Logout. `close` shuts the phone menu.
 */
export function MainNav(props: { user: UserInfo; close: () => void; onLogout: () => void }) {
  const { user, close } = props;
  const { pathname, search } = useLocation();
  const own = user.SH_ID ? `?SH_UID=${encodeURIComponent(user.SH_ID)}` : '';
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
      {reader && <PageMenu title="Registry" pages={REGISTRY} pathname={pathname} close={close} />}
      {user.isAdmin && (
        <PageMenu title="Company" pages={COMPANY} pathname={pathname} close={close} />
      )}
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
