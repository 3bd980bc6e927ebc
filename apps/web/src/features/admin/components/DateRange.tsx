import { adminText } from '../strings.ts';

const text = adminText.tools;

type DateRangeProps = {
  /** `YYYY-MM-DD` or ''. */
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
};

/** From one day to another (either may stay open), in the browser's own date fields. */
export function DateRange({ from, to, onChange }: DateRangeProps) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{text.dates}</legend>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {text.from}
        <input
          type="date"
          className="input w-40"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value, to })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {text.to}
        <input
          type="date"
          className="input w-40"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ from, to: event.target.value })}
        />
      </label>
    </fieldset>
  );
}
