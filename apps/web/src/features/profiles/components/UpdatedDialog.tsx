import { Modal } from '../../../components/ui/Modal.tsx';
import { profilesText as text } from '../strings.ts';

/** SPEC §7: the 'Profile Updated' dialog, with one OK button. */
export function UpdatedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={text.updated}
      onDismiss={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {text.ok}
        </button>
      }
    >
      <p>{text.updatedBody}</p>
    </Modal>
  );
}
