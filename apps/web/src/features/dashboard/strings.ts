/** Words of the dashboard frame: its title, menu and the headings of its pages. */
export const dashboardText = {
  title: 'Dashboard',
  welcome: (name: string) => `Welcome to your dashboard, ${name}`,
  menuLabel: 'Dashboard',
  menuButton: 'Dashboard menu',
  openMenu: 'Open dashboard menu',
  closeMenu: 'Close dashboard menu',
  myProfile: 'My Profile',
  myOrders: 'My Orders',
  myGarage: 'My Garage',
  myAddresses: 'My Addresses',
  addReview: 'Add Review',
  allUsers: 'All User',
  manageAllOrders: 'Manage All Orders',
  addProduct: 'Add a Product',
  auditLog: 'Audit Log',
  catalogueCsv: 'Catalogue import and export',
} as const;
