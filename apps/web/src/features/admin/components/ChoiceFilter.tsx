import { useId } from 'react';

type ChoiceFilterProps = {
  label: string;
  /** The chosen value ('' for the first choice, the list's default). */
  value: string;
  choices: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
};

/** A labelled choice of an admin list (a filter or the sort), applied as it changes. */
export function ChoiceFilter({ label, value, choices, onChange }: ChoiceFilterProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="select w-full sm:w-48"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
