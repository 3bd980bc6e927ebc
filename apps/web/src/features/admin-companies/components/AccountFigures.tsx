import { formatPrice } from '../../../lib/money.ts';
import type { AdminCompanyDetail } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.company;

type Account = AdminCompanyDetail['account'];

/** Whether the company pays on account, its credit limit, what it uses and what it has left. */
export function AccountFigures({ account }: { account: Account }) {
  const figures = adminCompaniesText.companies;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      <dt className="font-medium">{figures.onAccount}</dt>
      <dd>{account.onAccount ? figures.yes : figures.no}</dd>
      <dt className="font-medium">{text.creditLimit}</dt>
      <dd>{formatPrice(account.creditLimit)}</dd>
      <dt className="font-medium">{figures.creditUsed}</dt>
      <dd>{formatPrice(account.creditUsed)}</dd>
      <dt className="font-medium">{text.available}</dt>
      <dd>{formatPrice(Math.max(0, account.creditLimit - account.creditUsed))}</dd>
      <dt className="font-medium">{figures.terms}</dt>
      <dd>{figures.termsDays(account.termsDays)}</dd>
    </dl>
  );
}
