import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton.tsx';
import { Modal } from './Modal.tsx';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** What the action does, naming what it acts on (the person, the key, the order's number). */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Shown on the confirm button, beside a spinner, while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** An action that cannot be undone: the filled error colour. */
  danger?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click on the backdrop (none of which works while the action runs). */
  onCancel: () => void;
};

/**
 * A modal question before an action (issue 30 #4): the safe choice comes first and has the focus,
 * so that Enter or a hurried tap changes nothing; the action's button says what it does and
 * waits, with a spinner, while it runs.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onDismiss={onCancel}
      dismissable={!busy}
      actions={
        <>
          <button
            type="button"
            className="btn btn-outline"
            data-autofocus
            disabled={busy}
            onClick={onCancel}
          >
            {cancelLabel}
          </button>
          <BusyButton
            className={`btn ${danger ? 'btn-error' : 'btn-primary'}`}
            busy={busy}
            busyLabel={busyLabel}
            onClick={onConfirm}
          >
            {confirmLabel}
          </BusyButton>
        </>
      }
    >
      {children}
    </Modal>
  );
}
