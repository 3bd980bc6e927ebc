import { useEffect, useId, useRef } from 'react';
import { profilesText as text } from '../../../lib/strings/profiles.ts';

/** SPEC §7: the 'Profile Updated' dialog (native <dialog>, daisyUI modal) with one OK button. */
export function UpdatedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className="modal-box">
          <h2 id={titleId} className="text-lg font-bold">
            {text.updated}
          </h2>
          <p id={bodyId} className="py-4">
            {text.updatedBody}
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {text.ok}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
