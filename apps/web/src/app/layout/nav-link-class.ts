/** A menu link's class: the page it leads to is shown as the current one. */
export const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'menu-active' : '';
