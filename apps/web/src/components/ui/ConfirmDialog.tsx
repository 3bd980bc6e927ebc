import { type ReactNode, useEffect, useId, useRef } from 'react';

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

/**
 * A modal question (native <dialog> with daisyUI's modal): focus stays inside while it is open,
 * Escape and the backdrop cancel, and focus returns to where it was when it closes.
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
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: let the parent decide (it closes the dialog by setting `open`), unless busy.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open ? (
        <div className="modal-box">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <div id={bodyId} className="py-4">
            {children}
          </div>
          {/* The safe choice comes first, so it is the one that gets the focus. */}
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className={`btn ${danger ? 'btn-error' : 'btn-primary'}`}
              disabled={busy}
              onClick={onConfirm}
            >
              {busy && busyLabel ? busyLabel : confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
      <div className="modal-backdrop">
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          disabled={busy}
          onClick={onCancel}
          className="h-full w-full cursor-default"
        />
      </div>
    </dialog>
  );
}
