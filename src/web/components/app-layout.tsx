import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { LoadingMessage } from './loading-message';

/** Dark navbar collapsing below the large breakpoint; content in a container of at most 1200 px. */
export function AppLayout() {
  return (
    <>
      <Navbar bg="dark" data-bs-theme="dark" expand="lg" className="no-print">
        <Container className="app-container">
          <Navbar.Brand href="/">Shareholder Registry</Navbar.Brand>
          <Navbar.Toggle aria-controls="main-nav" />
          <Navbar.Collapse id="main-nav">
            <Nav className="ms-auto" />
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <Container as="main" className="app-container py-4">
        <Suspense fallback={<LoadingMessage />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
