import type { Address } from '@axle/contract';

type Shown = Pick<Address, 'line1' | 'line2' | 'city' | 'postalCode' | 'country'>;

/** An address on one line, where there is no room for more (a question about it, say). */
export const addressSummary = ({ line1, line2, city, postalCode, country }: Shown) =>
  [line1, line2, `${city} ${postalCode}`, country].filter(Boolean).join(', ');

type AddressTextProps = {
  address: Shown;
  id?: string;
  /** 'span' inside a control's label, where an <address> may not go. */
  as?: 'address' | 'span';
  className?: string;
};

/** An address as a parcel's label shows it: a line each. */
export function AddressText({
  address,
  id,
  as: Tag = 'address',
  className = '',
}: AddressTextProps) {
  return (
    <Tag id={id} className={`block not-italic break-words ${className}`}>
      <span className="block">{address.line1}</span>
      {address.line2 ? <span className="block">{address.line2}</span> : null}
      <span className="block">
        {address.city} {address.postalCode}
      </span>
      <span className="block">{address.country}</span>
    </Tag>
  );
}
