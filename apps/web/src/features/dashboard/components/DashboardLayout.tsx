import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../../components/ui/icons.tsx';
import { FullScreenSpinner } from '../../../components/ui/Spinner.tsx';
import { uiText } from '../../../components/ui/strings.ts';
import { dashboardText } from '../strings.ts';

const text = dashboardText;

type MenuEntry = { to: string; label: string; end?: boolean };

/**
 * SPEC §2: My Profile for all; My Orders, My Company (issue 18), My Addresses, My Garage (issue 16),
 * Add Review, API keys and Webhooks (issue 19) for customers; the rest for admins, who also get the
 * audit log of their actions, the companies with their payment on account and overdue invoices
 * (issue 18), the e-mails and jobs that did not go through (issue 31), the warehouses (issue 32),
 * and the sales overview (first) and the parts running low (issue 33).
 */
function menuFor(isAdmin: boolean): MenuEntry[] {
  const profile: MenuEntry = { to: '/dashboard', label: text.myProfile, end: true };
  if (isAdmin) {
    return [
      profile,
      { to: '/dashboard/sales', label: text.salesOverview },
      { to: '/dashboard/alluser', label: text.allUsers },
      { to: '/dashboard/manageallorders', label: text.manageAllOrders },
      { to: '/dashboard/companies', label: text.companies },
      { to: '/dashboard/overdue', label: text.overdueInvoices },
      { to: '/dashboard/addproduct', label: text.addProduct },
      { to: '/dashboard/catalogue', label: text.catalogueCsv },
      { to: '/dashboard/warehouses', label: text.warehouses },
      { to: '/dashboard/low-stock', label: text.lowStock },
      { to: '/dashboard/auditlog', label: text.auditLog },
      { to: '/dashboard/jobs', label: text.mailAndJobs },
    ];
  }
  return [
    profile,
    { to: '/dashboard/myorder2', label: text.myOrders },
    { to: '/dashboard/company', label: text.myCompany },
    { to: '/dashboard/addresses', label: text.myAddresses },
    { to: '/dashboard/garage', label: text.myGarage },
    { to: '/dashboard/addreview', label: text.addReview },
    { to: '/dashboard/api-keys', label: text.apiKeys },
    { to: '/dashboard/webhooks', label: text.webhooks },
  ];
}

/** The dashboard frame: welcome line, side menu by role (a drawer on phones), the child page. */
export function DashboardLayout({ userName, isAdmin }: { userName: string; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const drawerSide = useRef<HTMLDivElement>(null);
  const restoreFocus = useRef(false);

  // A new page closes the phone drawer (adjusting state while rendering, not in an effect).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  function close() {
    restoreFocus.current = true;
    setOpen(false);
  }

  useEffect(() => {
    if (!open) {
      // After the page behind the drawer is no longer inert, give focus back to the menu button.
      if (restoreFocus.current) openButton.current?.focus();
      restoreFocus.current = false;
      return;
    }
    const side = drawerSide.current;
    // The drawer can take focus only once it is visible, which is when its transition starts (or
    // at once, without motion): try on every frame until the close button has it (at most ~½ s),
    // and then no more: a link's own transition as Tab reaches it must not pull the focus back.
    let frame = 0;
    let tries = 0;
    let focused = false;
    const focusClose = () => {
      const button = closeButton.current;
      if (focused || !button) return;
      button.focus();
      focused = document.activeElement === button;
      if (!focused && tries++ < 30) frame = requestAnimationFrame(focusClose);
    };
    focusClose();
    side?.addEventListener('transitionstart', focusClose);
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      restoreFocus.current = true;
      setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      cancelAnimationFrame(frame);
      side?.removeEventListener('transitionstart', focusClose);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="drawer lg:drawer-open mx-auto max-w-7xl">
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-w-0 px-4 py-6 lg:px-8" inert={open}>
        <div className="mb-6 flex flex-col items-start gap-3">
          <h1 className="text-lg font-semibold break-words text-base-content/80">
            {text.welcome(userName)}
          </h1>
          <button
            ref={openButton}
            type="button"
            className="btn btn-outline btn-sm lg:hidden"
            aria-label={text.openMenu}
            aria-expanded={open}
            aria-controls="dashboard-menu"
            onClick={() => setOpen(true)}
          >
            <MenuIcon className="size-4" />
            {text.menuButton}
          </button>
        </div>
        {/* The menu stays while a dashboard page's code loads. */}
        <Suspense fallback={<FullScreenSpinner label={uiText.pageLoading} />}>
          <Outlet />
        </Suspense>
      </div>
      <div ref={drawerSide} className="drawer-side z-40 lg:h-auto">
        {/* Closes the drawer on a tap outside it; keyboards use the close button or Escape. */}
        <label htmlFor="dashboard-drawer" className="drawer-overlay">
          <span className="sr-only">{text.closeMenu}</span>
        </label>
        <nav
          id="dashboard-menu"
          aria-label={text.menuLabel}
          className="min-h-full w-64 bg-base-200 p-4 lg:min-h-0 lg:rounded-box lg:mt-6"
        >
          <div className="mb-2 flex justify-end lg:hidden">
            <button
              ref={closeButton}
              type="button"
              className="btn btn-square btn-ghost btn-sm"
              aria-label={text.closeMenu}
              onClick={close}
            >
              <CloseIcon />
            </button>
          </div>
          <ul className="menu w-full gap-1 p-0">
            {menuFor(isAdmin).map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  end={entry.end}
                  className={({ isActive }) => (isActive ? 'menu-active' : '')}
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
