import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton.tsx';
import { ErrorText } from './ErrorText.tsx';
import { Modal } from './Modal.tsx';

type FormDialogProps = {
  open: boolean;
  title: string;
  /** The id of the form inside, which the dialog's submit button submits. */
  formId: string;
  /** The form, and what the server said of it. */
  children: ReactNode;
  submitLabel: string;
  /** Shown on the submit button, beside a spinner, while the form is sent. */
  busyLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** Cancel, Escape or a click on the backdrop (none of which works while the form is sent). */
  onCancel: () => void;
  /** What the server said when it refused the form, announced under it; none while it is fine. */
  error?: string | null | undefined;
};

/**
 * A modal around one form (an edit, a tracking number, a payment's reference): Cancel, then the
 * button that sends it, which waits with a spinner while it is sent; the dialog cannot be left
 * meanwhile. A new form for each thing it edits is the caller's (`key`), so nothing typed for one
 * is left for the next.
 */
export function FormDialog({
  open,
  title,
  formId,
  children,
  submitLabel,
  busyLabel,
  cancelLabel,
  busy,
  onCancel,
  error,
}: FormDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onDismiss={onCancel}
      dismissable={!busy}
      actions={
        <>
          <button type="button" className="btn btn-outline" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
          <BusyButton
            type="submit"
            form={formId}
            className="btn btn-primary"
            busy={busy}
            busyLabel={busyLabel}
          >
            {submitLabel}
          </BusyButton>
        </>
      }
    >
      {children}
      {error ? (
        <ErrorText alert className="mt-3">
          {error}
        </ErrorText>
      ) : null}
    </Modal>
  );
}
