// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useRoutes } from 'react-router';
import { useRouteFocus } from './route-focus';

/** A page's layout: the hook under test, a menu outside <main> (as the header's user menu is), and the page. */
function Layout({ menuState }: { menuState: 'open' | 'closed' }) {
  useRouteFocus();
  const page = useRoutes([
    { path: '/', element: <h1>Home</h1> },
    { path: '/billing', element: <h1>Billing</h1> },
  ]);
  return (
    <>
      <div role="menu" data-state={menuState}>
        <button type="button">Account</button>
      </div>
      <main>{page}</main>
    </>
  );
}

function renderAt(menuState: 'open' | 'closed') {
  const router = createMemoryRouter([{ path: '*', element: <Layout menuState={menuState} /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

afterEach(cleanup);

describe('focus after a route change', () => {
  // The hook moves focus only once the user has acted; one key press counts for the whole test file.
  window.dispatchEvent(new KeyboardEvent('keydown'));

  it("moves to the new page's heading", async () => {
    const router = renderAt('closed');
    screen.getByRole('button', { name: 'Account', hidden: true }).focus();
    await act(() => router.navigate('/billing'));
    await nextFrame();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Billing' }));
  });

  it('stays in a menu that is open when the new page commits (opened while the page was loading)', async () => {
    const router = renderAt('open');
    const item = screen.getByRole('button', { name: 'Account', hidden: true });
    item.focus();
    await act(() => router.navigate('/billing'));
    await nextFrame();
    expect(document.activeElement).toBe(item);
  });
});
