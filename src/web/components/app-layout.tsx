import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { useLogout } from '../features/auth/api/use-logout';
import { useSession } from '../features/auth/api/use-session';
import { LoadingMessage } from './loading-message';
import { MainNav } from './main-nav';

/**
 * The collapsed (phone) menu: open and shut by its toggle, a choice (the page already shown
 * included, which changes no address), or Escape (focus returns).
 */
function usePhoneMenu() {
  const [expanded, setExpanded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!expanded) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setExpanded(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [expanded]);
  return { expanded, setExpanded, close: () => setExpanded(false), toggleRef };
}

/** After a client-side navigation, focus goes to the new page's heading (or main). */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let tries = 0;
    const timer = window.setInterval(() => {
      const heading = document.getElementById('page-title');
      if (heading || ++tries > 20) {
        window.clearInterval(timer);
        (heading ?? document.querySelector<HTMLElement>('main'))?.focus({ preventScroll: false });
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname]);
}

/**
 * The spec's navbar: dark, collapsing below the large breakpoint, the user's friendly name as
 * brand; links Home, Profile, Manage Shares (administrators), Balance, API Keys and Import (administrators),
 * Change Password, Logout.
 * Content sits in a container of at most 1200 px.
 */
export function AppLayout() {
  const { status, user } = useSession();
  const logout = useLogout();
  useFocusOnNavigation();
  const menu = usePhoneMenu();
  // Spec section 2: while the login state loads, only a centred "Loading..." (no navbar).
  if (status === 'loading')
    return (
      <Container as="main" id="main" className="app-container">
        <LoadingMessage />
      </Container>
    );
  return (
    <>
      <a className="visually-hidden-focusable skip-link" href="#main">
        Skip to content
      </a>
      <Navbar
        bg="dark"
        data-bs-theme="dark"
        expand="lg"
        className="no-print"
        aria-label="Main"
        expanded={menu.expanded}
        onToggle={menu.setExpanded}
        collapseOnSelect
      >
        <Container className="app-container">
          {/* A router link: no full reload (docs/decisions/003). */}
          <Navbar.Brand as={Link} to="/" onClick={menu.close}>
            {user?.friendlyName || 'Shareholder Registry'}
          </Navbar.Brand>
          {user && (
            <>
              {/* react-bootstrap's toggle does not say whether the menu is open. */}
              <Navbar.Toggle
                aria-controls="main-nav"
                aria-expanded={menu.expanded}
                ref={menu.toggleRef}
              />
              <Navbar.Collapse id="main-nav">
                <MainNav user={user} close={menu.close} onLogout={() => void logout()} />
              </Navbar.Collapse>
            </>
          )}
        </Container>
      </Navbar>
      <Container as="main" id="main" tabIndex={-1} className="app-container py-4">
        <Suspense fallback={<LoadingMessage />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
