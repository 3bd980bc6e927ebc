import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import { resendVerification } from '../../features/accounts/api.ts';
import MyProfilePage from '../../features/dashboard/pages/MyProfilePage.tsx';
import { SavedProfile } from '../../features/profiles/components/SavedProfile.tsx';

/*
 * The update form, with the form library under it, arrives just after the profile is shown: the
 * page's first JavaScript stays within its budget (docs/decisions/008).
 */
const ProfileForm = lazy(() =>
  import('../../features/profiles/components/ProfileForm.tsx').then((m) => ({
    default: m.ProfileForm,
  })),
);

/** The dashboard index: My Profile with the signed-in user. */
export default function ProfileRoute() {
  const { user } = useAuth();
  // The dashboard's guard lets only a signed-in user this far.
  if (!user) return null;
  return (
    <MyProfilePage
      user={user}
      resendVerification={resendVerification}
      saved={<SavedProfile email={user.email} />}
    >
      <Suspense fallback={<Spinner />}>
        <ProfileForm email={user.email} />
      </Suspense>
    </MyProfilePage>
  );
}
