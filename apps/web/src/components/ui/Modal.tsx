import { type ReactNode, useEffect, useId, useRef } from 'react';

type ModalProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The buttons at the bottom. */
  actions: ReactNode;
  /** Escape or a click on the backdrop; ignored while `dismissable` is false. */
  onDismiss: () => void;
  dismissable?: boolean;
};

/**
 * A modal (native <dialog> with daisyUI's modal): focus stays inside while it is open, Escape and
 * the backdrop dismiss it, and focus returns to where it was when it closes. The parent owns
 * `open`; the dialog never closes itself. The focus starts on the element marked
 * `data-autofocus` (the safe choice of a question), else on the first control inside.
 */
export function Modal({
  open,
  title,
  children,
  actions,
  onDismiss,
  dismissable = true,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: the parent decides, by setting `open`.
        event.preventDefault();
        if (dismissable) onDismiss();
      }}
    >
      {open ? (
        <div className="modal-box">
          <h2 id={titleId} className="text-lg font-semibold break-words">
            {title}
          </h2>
          <div id={bodyId} className="py-4">
            {children}
          </div>
          <div className="modal-action flex-wrap">{actions}</div>
        </div>
      ) : null}
      <div className="modal-backdrop">
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          disabled={!dismissable}
          onClick={onDismiss}
          className="h-full w-full cursor-default"
        />
      </div>
    </dialog>
  );
}
