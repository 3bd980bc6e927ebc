import type { Part } from '@axle/contract';
import { PartCard } from './PartCard.tsx';

type Props = {
  parts: Part[];
  headingLevel?: 2 | 3;
  /** The customer's vehicle, when every part shown fits it ("Fits your …" on each card). */
  fits?: string | undefined;
};

/** Cards in up to three columns; the first three (one desktop row) load eagerly. */
export function PartGrid({ parts, headingLevel, fits }: Props) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {parts.map((part, index) => (
        <li key={part._id} className="flex">
          <PartCard part={part} eager={index < 3} headingLevel={headingLevel} fits={fits} />
        </li>
      ))}
    </ul>
  );
}
