import { NavLink } from 'react-router';
import { Breakable } from '../../components/ui/Breakable.tsx';
import { menuLinkClass } from './nav-link-class.ts';

type Props = {
  name: string;
  email: string;
  links: { to: string; label: string; end?: boolean }[];
};

/** The account menu's list: the full name and address (never cut), and the account's pages. */
export default function AccountMenuList({ name, email, links }: Props) {
  return (
    <div
      id="account-menu"
      className="dropdown-content z-40 mt-2 flex w-64 max-w-[calc(100vw-1rem)] flex-col gap-2 rounded-box bg-base-100 p-3 shadow-lg ring-1 ring-base-300"
    >
      <p className="flex flex-col px-2">
        <span className="font-semibold break-words">{name}</span>
        <span className="text-sm text-base-content/80">
          <Breakable text={email} />
        </span>
      </p>
      <ul className="menu w-full p-0">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={menuLinkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
