import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import AddReviewFrame from '../../features/dashboard/pages/AddReviewPage.tsx';
import { ReviewForm } from '../../features/reviews/components/ReviewForm.tsx';

/** Dashboard 'Add Review': the signed-in user's review form. */
export default function AddReviewRoute() {
  const { user } = useAuth();
  // The dashboard's guard lets only a signed-in user this far.
  if (!user) return null;
  return (
    <AddReviewFrame>
      <ReviewForm author={{ name: user.name, img: user.img }} />
    </AddReviewFrame>
  );
}
