import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { ThemeToggle } from '../../components/ui/ThemeToggle.tsx';
import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import { useSessionNavigation } from '../../features/accounts/useSessionNavigation.ts';
// Straight from its module: the catalogue's index also names its pages' parts, which the navbar
// (on every page, the home page's first JavaScript) must not bring along.
import { NavbarSearch } from '../../features/catalog/components/NavbarSearch.tsx';
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

const menuLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

/** The phone menu: a button that opens a dropdown list of the same links. */
function MobileMenu({ entries, account }: { entries: NavEntry[]; account: string | null }) {
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

  return (
    <div ref={container} className={`dropdown lg:hidden ${open ? 'dropdown-open' : ''}`}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square"
        aria-label={open ? text.closeMenu : text.openMenu}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {open ? (
        <ul
          id="mobile-menu"
          className="menu dropdown-content z-40 mt-2 w-56 rounded-box bg-base-100 p-2 shadow-lg ring-1 ring-base-300"
        >
          {account ? <li className="menu-title">{account}</li> : null}
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

/** SPEC 'Navigation bar': links, theme toggle, and Login/Register or the account and SignOut. */
export function Navbar() {
  const { user, signOut } = useAuth();
  // The navbar is on every page that can make a call: it takes the visitor to / when the session
  // ends or a call is denied (SPEC §4, §8).
  useSessionNavigation();
  const entries = entriesFor(user !== null);
  const account = user ? text.account(user.name) : null;

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label={text.label} className="navbar mx-auto max-w-7xl gap-1 px-2 sm:px-4">
        <div className="navbar-start gap-1">
          <MobileMenu entries={entries} account={account} />
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
              <span className="hidden max-w-48 truncate px-2 text-sm font-medium lg:inline">
                {account}
              </span>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => void signOut()}
              >
                {text.signOut}
              </button>
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
