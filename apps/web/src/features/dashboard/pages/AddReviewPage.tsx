import { layoutText } from '../../../lib/strings/layout.ts';

export default function AddReviewPage() {
  return <h2 className="text-2xl font-semibold">{layoutText.dashboard.addReview}</h2>;
}
