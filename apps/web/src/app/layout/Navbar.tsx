import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BusyButton } from '../../components/ui/BusyButton.tsx';
import { CloseIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { ThemeToggle } from '../../components/ui/ThemeToggle.tsx';
import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import { useSessionNavigation } from '../../features/accounts/useSessionNavigation.ts';
// Straight from its module: the catalogue's index also names its pages' parts, which the navbar
// (on every page, the home page's first JavaScript) must not bring along.
import { NavbarSearch } from '../../features/catalog/components/NavbarSearch.tsx';
import { menuLinkClass } from './nav-link-class.ts';
import { layoutText } from './strings.ts';

const text = layoutText.nav;

/**
 * The cart's link with its count (and the merge of a visitor's cart at sign-in) comes just after
 * the first paint: until then the same link without a count stands in for it.
 */
const CartLink = lazy(() =>
  import('../../features/cart/components/CartLink.tsx').then((module) => ({
    default: module.CartLink,
  })),
);
const cartLinkClass = 'btn btn-ghost btn-sm gap-1';

/** The account menu's list, fetched when it is first opened (not on every page's first load). */
const AccountMenuList = lazy(() => import('./AccountMenuList.tsx'));

type NavEntry = { to: string; label: string; end?: boolean };

function entriesFor(signedIn: boolean): NavEntry[] {
  return [
    { to: '/', label: text.home, end: true },
    { to: '/parts', label: text.parts },
    { to: '/Blogs', label: text.blogs },
    ...(signedIn ? [{ to: '/dashboard', label: text.dashboard }] : []),
    { to: '/myportfolio', label: text.portfolio },
  ];
}

/**
 * A dropdown's open state: a new page, Escape (focus back on its button) and a press outside it
 * close it.
 */
function useDropdown() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [menuPath, setMenuPath] = useState(pathname);

  // A new page closes the menu (adjusting state while rendering, not in an effect).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [open]);

  return { open, toggle: () => setOpen((value) => !value), container, button };
}

/** The phone menu: a button that opens a dropdown list of the same links. */
function MobileMenu({ entries }: { entries: NavEntry[] }) {
  const { open, toggle, container, button } = useDropdown();
  return (
    <div ref={container} className={`dropdown lg:hidden ${open ? 'dropdown-open' : ''}`}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square"
        aria-label={open ? text.closeMenu : text.openMenu}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={toggle}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {open ? (
        <ul
          id="mobile-menu"
          className="menu dropdown-content z-40 mt-2 w-56 rounded-box bg-base-100 p-2 shadow-lg ring-1 ring-base-300"
        >
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} end={entry.end} className={menuLinkClass}>
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** "Ada Lovelace" → "AL": the first letters of the first and the last word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words.at(-1) ?? '') : '';
  return `${[...first][0] ?? ''}${[...last][0] ?? ''}`.toLocaleUpperCase();
}

type AccountMenuProps = { name: string; email: string; isAdmin: boolean };

/**
 * The signed-in account (SPEC 'Navigation bar': "{name}'s Account"): initials in a circle, with
 * the words beside them on a wide screen, never cut; on a phone the words are the button's name
 * for screen readers, and its menu shows the full name and address, with the account's pages.
 */
function AccountMenu({ name, email, isAdmin }: AccountMenuProps) {
  const { open, toggle, container, button } = useDropdown();
  const links = [
    { to: '/dashboard', label: text.profile, end: true },
    isAdmin
      ? { to: '/dashboard/manageallorders', label: text.allOrders }
      : { to: '/dashboard/myorder2', label: text.myOrders },
  ];
  return (
    <div ref={container} className={`dropdown dropdown-end ${open ? 'dropdown-open' : ''}`}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost h-auto min-h-10 gap-2 px-1 py-1 font-medium lg:px-2"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={toggle}
      >
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-full bg-base-content text-sm font-semibold text-base-100"
        >
          {initialsOf(name)}
        </span>
        <span className="sr-only lg:not-sr-only lg:max-w-52 lg:text-left lg:break-words">
          {text.account(name)}
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AccountMenuList name={name} email={email} links={links} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** SPEC 'Navigation bar': links, theme toggle, and Login/Register or the account and SignOut. */
export function Navbar() {
  const { user, isAdmin, signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  // The navbar is on every page that can make a call: it takes the visitor to / when the session
  // ends or a call is denied (SPEC §4, §8).
  useSessionNavigation();
  const entries = entriesFor(user !== null);

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label={text.label} className="navbar mx-auto max-w-7xl gap-1 px-2 sm:px-4">
        <div className="navbar-start gap-1">
          <MobileMenu entries={entries} />
          <Link to="/" className="btn btn-ghost px-2 text-xl font-extrabold tracking-tight">
            {layoutText.brand}
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1">
            {entries.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} end={entry.end} className={menuLinkClass}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
        <div className="navbar-end gap-1">
          <Suspense
            fallback={
              <NavLink to="/cart" className={cartLinkClass}>
                {text.cart}
              </NavLink>
            }
          >
            <CartLink className={cartLinkClass} />
          </Suspense>
          <ThemeToggle />
          {user ? (
            <>
              <AccountMenu name={user.name} email={user.email} isAdmin={isAdmin} />
              <BusyButton
                className="btn btn-outline btn-sm"
                busy={signingOut}
                onClick={() => {
                  setSigningOut(true);
                  void signOut().finally(() => setSigningOut(false));
                }}
              >
                {text.signOut}
              </BusyButton>
            </>
          ) : (
            <>
              <NavLink to="/login" className="btn btn-ghost btn-sm">
                {text.login}
              </NavLink>
              <NavLink to="/register" className="btn btn-primary btn-sm">
                {text.register}
              </NavLink>
            </>
          )}
        </div>
      </nav>
      <div className="mx-auto flex max-w-7xl justify-center px-2 pb-2 sm:px-4">
        <NavbarSearch />
      </div>
    </header>
  );
}
