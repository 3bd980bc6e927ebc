import { useAuth } from '../../features/accounts/AuthProvider.tsx';
import { resendVerification } from '../../features/accounts/api.ts';
import MyProfilePage from '../../features/dashboard/pages/MyProfilePage.tsx';
import { ProfileForm } from '../../features/profiles/components/ProfileForm.tsx';
import { SavedProfile } from '../../features/profiles/components/SavedProfile.tsx';

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
      <ProfileForm email={user.email} />
    </MyProfilePage>
  );
}
