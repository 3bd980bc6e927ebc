// Orders' public entry: what other features use of it.

export { ApprovalBadge } from './components/ApprovalBadge.tsx';
export { InvoiceButton } from './components/InvoiceButton.tsx';
export { OnAccountLine } from './components/OnAccountLine.tsx';
export { OrderLines } from './components/OrderLines.tsx';
export { ORDERS_KEY } from './keys.ts';
