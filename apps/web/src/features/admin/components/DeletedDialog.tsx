import { Modal } from '../../../components/ui/Modal.tsx';
import { adminText } from '../strings.ts';

const text = adminText.orders;

/** SPEC §7: an order was deleted ('Deleted!' / 'Your file has been deleted.'), with one OK. */
export function DeletedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={text.deletedTitle}
      onDismiss={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {text.ok}
        </button>
      }
    >
      <p>{text.deletedText}</p>
    </Modal>
  );
}
