import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Field } from '../../../components/ui/Field.tsx';
import { toast } from '../../../lib/toast.ts';
import { integrationsText } from '../strings.ts';

const text = integrationsText.secret;

type SecretPanelProps = {
  heading: string;
  /** That it will not be shown again, and what it is for. */
  note: string;
  /** The label of the field that holds it. */
  label: string;
  secret: string;
  /** "I have copied it": the panel goes, and the secret with it. */
  onDone: () => void;
  children?: ReactNode;
};

/**
 * A key or signing secret just made, shown this once (the shop keeps only its hash): in a field
 * that selects it all when focused, with Copy. The focus comes here as it appears.
 */
export function SecretPanel({ heading, note, label, secret, onDone, children }: SecretPanelProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(text.copied);
    } catch {
      toast.error(text.copyFailed);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-2 ring-primary sm:p-6"
    >
      <h4
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold focus:outline-none"
      >
        {heading}
      </h4>
      <p>{note}</p>
      <Field id={`${id}-secret`} label={label}>
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              {...control}
              readOnly
              value={secret}
              spellCheck={false}
              autoComplete="off"
              className="input w-full min-w-0 font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              {text.copy}
            </button>
          </div>
        )}
      </Field>
      {children}
      <div>
        <button type="button" className="btn btn-outline btn-sm" onClick={onDone}>
          {text.done}
        </button>
      </div>
    </section>
  );
}
