// Warehouses' public entry (issue 32 #2): what other features use of them (the list, a part's
// stock and promise of a shipping day, where an order line ships from, and what of a line waits
// for a restock, issue 32 #3). The admin's Warehouses page is a route of its own, loaded by the
// router.
export { adminWarehousesQuery } from './api.ts';
export { backorderText } from './backorder-text.ts';
export { LineStock } from './components/LineStock.tsx';
export { StockByWarehouse } from './components/StockByWarehouse.tsx';
export { WAREHOUSES_KEY, warehousesQuery } from './query.ts';
export { shipsFromText } from './ships-from.ts';
