import type { Part } from '@axle/contract';
import { useMemberPrices } from '../../companies/index.ts';
import { PartCard } from './PartCard.tsx';

type Props = {
  parts: Part[];
  headingLevel?: 2 | 3;
  /** The customer's vehicle, when every part shown fits it ("Fits your …" on each card). */
  fits?: string | undefined;
  /** Parts found as replacements of the number searched, by id: the number each replaces. */
  replaces?: ReadonlyMap<string, string> | undefined;
};

/**
 * Cards in up to three columns; the first three (one desktop row) load eagerly. A company member
 * sees their own prices (issue 18 #5), asked for the whole grid at once.
 */
export function PartGrid({ parts, headingLevel, fits, replaces }: Props) {
  const prices = useMemberPrices(parts.map((part) => part._id));
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {parts.map((part, index) => (
        <li key={part._id} className="flex">
          <PartCard
            part={part}
            eager={index < 3}
            headingLevel={headingLevel}
            fits={fits}
            mine={prices?.get(part._id)}
            replaces={replaces?.get(part._id)}
          />
        </li>
      ))}
    </ul>
  );
}
