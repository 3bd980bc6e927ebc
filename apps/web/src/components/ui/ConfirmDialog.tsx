import type { ReactNode } from 'react';
import { BusyButton } from './BusyButton.tsx';
import { Modal } from './Modal.tsx';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Shown on the confirm button while the action runs; both buttons are disabled then. */
  busyLabel?: string;
  busy?: boolean;
  /** A destructive action gets the error colour. */
  danger?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click on the backdrop. */
  onCancel: () => void;
};

/** A modal question with a safe choice and an action. */
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
        // The safe choice comes first, so it is the one that gets the focus.
        <>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
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
