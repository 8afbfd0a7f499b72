// @vitest-environment happy-dom
/**
 * Error boundaries (issue "Solid ground"): when a page's loader throws, the root, the public
 * layout, the portal layout and the admin layout each show the designed error page with the
 * request id, inside what survives of their frame (the header, the sidebar). The real route
 * modules are rendered with React Router's route stub; only the loaders are the test's.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestIdContext } from '~/lib/request-id';
import * as adminLayout from '~/routes/admin/layout';
import * as portalLayout from '~/routes/portal/layout';
import * as publicLayout from '~/routes/public/layout';
import * as root from '~/root';
import { companyInfo } from '~/server/env.server';

afterEach(cleanup);

const viewer = {
  id: 'u1',
  name: 'Dana Borrower',
  email: 'dana@example.com',
  isBorrower: true,
  isInvestor: false,
  isAdmin: true,
  signedInAt: new Date().toISOString(),
};
const rootData = () => ({
  company: companyInfo(),
  publicUrl: 'http://localhost',
  timeZone: 'America/Los_Angeles',
  viewer,
  toast: null,
});
const failing = () => {
  throw new Error('the loader failed');
};

function renderAt(path: string, routes: Parameters<typeof createRoutesStub>[0]) {
  const Stub = createRoutesStub(routes);
  render(
    <RequestIdContext.Provider value="req-7f3a9c21">
      <Stub initialEntries={[path]} />
    </RequestIdContext.Provider>,
  );
}

describe('a loader that throws', () => {
  it('under the root: the error page with the request id and a way home', async () => {
    renderAt('/', [{ id: 'root', path: '/', Component: () => null, ErrorBoundary: root.ErrorBoundary, loader: failing }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('req-7f3a9c21')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('in a public page: the header survives', async () => {
    renderAt('/about', [
      {
        id: 'root',
        path: '/',
        loader: rootData,
        Component: root.default,
        children: [
          {
            id: 'routes/public/layout',
            Component: publicLayout.default,
            ErrorBoundary: publicLayout.ErrorBoundary,
            children: [{ path: 'about', Component: () => null, loader: failing }],
          },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('req-7f3a9c21')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Borrowers' }).length).toBeGreaterThan(0);
  });

  it('in a portal page: the sidebar survives', async () => {
    renderAt('/dashboard/loans', [
      {
        id: 'routes/portal/layout',
        path: '/dashboard',
        loader: () => ({ viewer }),
        Component: portalLayout.default,
        ErrorBoundary: portalLayout.ErrorBoundary,
        children: [{ path: 'loans', Component: () => null, loader: failing }],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('req-7f3a9c21')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Client Portal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your portal' }).getAttribute('href')).toBe('/dashboard');
  });

  it('in an admin page: the sidebar survives; a 404 gets its own words and no reference', async () => {
    renderAt('/admin-dashboard/deals', [
      {
        id: 'routes/admin/layout',
        path: '/admin-dashboard',
        loader: () => ({ viewer }),
        Component: adminLayout.default,
        ErrorBoundary: adminLayout.ErrorBoundary,
        children: [
          { path: 'deals', Component: () => null, loader: failing },
          {
            path: 'missing',
            Component: () => null,
            loader: () => {
              throw data('Deal Not Found', { status: 404 });
            },
          },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('req-7f3a9c21')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audit log' })).toBeTruthy();
    cleanup();

    renderAt('/admin-dashboard/missing', [
      {
        id: 'routes/admin/layout',
        path: '/admin-dashboard',
        loader: () => ({ viewer }),
        Component: adminLayout.default,
        ErrorBoundary: adminLayout.ErrorBoundary,
        children: [
          {
            path: 'missing',
            Component: () => null,
            loader: () => {
              throw data('Deal Not Found', { status: 404 });
            },
          },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.queryByText('req-7f3a9c21')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
  });
});
