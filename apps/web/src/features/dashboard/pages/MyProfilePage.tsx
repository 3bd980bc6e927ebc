import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { toast } from '../../../lib/toast.ts';
import { accountsText } from '../../accounts/index.ts';
import { dashboardText } from '../strings.ts';

const text = accountsText.profile;
const DEFAULT_AVATAR = '/images/avatar-default.svg';

export type ProfileUser = {
  name: string;
  email: string;
  img: string | null;
  emailVerified: boolean;
};

type MyProfileProps = {
  user: ProfileUser;
  /** Sends the verification e-mail again; resolves to the server's words for a toast. */
  resendVerification: () => Promise<string>;
  /** The saved profile info, as more rows of the card's description list (composed in app/). */
  saved?: ReactNode;
  /** Below the card: the profile update form (composed in app/). */
  children?: ReactNode;
};

/**
 * SPEC 'My Profile': the avatar, name, e-mail and whether it is verified, the saved profile info
 * and the update form.
 */
export default function MyProfilePage({
  user,
  resendVerification,
  saved,
  children,
}: MyProfileProps) {
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (message) => toast.success(message),
    onError: (error) => toast.error(error.message),
  });

  return (
    <section aria-labelledby="my-profile-heading" className="flex flex-col gap-6">
      <h2 id="my-profile-heading" className="text-2xl font-bold sm:text-3xl">
        {dashboardText.myProfile}
      </h2>
      <div className="card max-w-xl bg-base-100 shadow ring-1 ring-base-300">
        <div className="card-body flex-col items-center gap-4 sm:flex-row sm:items-start">
          <img
            src={user.img || DEFAULT_AVATAR}
            alt={text.avatar(user.name)}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full object-cover ring-1 ring-base-300"
          />
          <dl className="grid w-full grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2">
            <dt className="text-sm font-medium">{text.name}</dt>
            <dd className="break-words">{user.name}</dd>
            <dt className="text-sm font-medium">{text.email}</dt>
            <dd className="flex min-w-0 flex-wrap items-center gap-2">
              <Breakable text={user.email} />
              {user.emailVerified ? (
                <span className="badge badge-success">{text.verified}</span>
              ) : (
                <span className="badge badge-warning">{text.notVerified}</span>
              )}
            </dd>
            {saved}
          </dl>
        </div>
        {user.emailVerified ? null : (
          <div className="card-actions justify-end px-6 pb-6">
            <BusyButton
              className="btn btn-outline btn-sm"
              busy={resend.isPending}
              busyLabel={text.resending}
              onClick={() => resend.mutate()}
            >
              {text.resend}
            </BusyButton>
          </div>
        )}
      </div>
      {children}
    </section>
  );
}
