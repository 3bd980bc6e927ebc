import type { ProfileInfo } from '@axle/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { PROFILE_KEY, profileInfoQuery, updateProfile } from '../api.ts';
import { profilesText as text } from '../strings.ts';
import { UpdatedDialog } from './UpdatedDialog.tsx';

type Values = { location: string; phone: string; education: string; linkedin: string };
const profileRules = () => import('../form-rules.ts').then((r) => r.profileRules);
const FIELDS = ['location', 'phone', 'education', 'linkedin'] as const;
const inputType = { location: 'text', phone: 'tel', education: 'text', linkedin: 'url' } as const;
const autoComplete = {
  location: 'address-level2',
  phone: 'tel',
  education: 'off',
  linkedin: 'url',
} as const;

/** The update form of My Profile, started with the saved values once they are loaded. */
export function ProfileForm({ email }: { email: string }) {
  const { data, isPending, isError, refetch } = useQuery(profileInfoQuery(email));
  if (isPending) return <Spinner label={text.loading} />;
  if (isError)
    return (
      <LoadFailed
        stacked
        message={text.loadFailed}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  return <Form email={email} saved={data} />;
}

function Form({ email, saved }: { email: string; saved: ProfileInfo }) {
  const queryClient = useQueryClient();
  const [updated, setUpdated] = useState(false);
  const { formState, register, handleSubmit } = useShopForm(profileRules, {
    location: saved.location ?? '',
    phone: saved.phone ?? '',
    education: saved.education ?? '',
    linkedin: saved.linkedin ?? '',
  });
  const { errors } = formState;
  const update = useMutation({
    mutationFn: (body: Values) => updateProfile(email, body),
    onSuccess: () => {
      setUpdated(true);
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });

  return (
    <section aria-labelledby="profile-form-heading" className="flex max-w-xl flex-col gap-4">
      <h3 id="profile-form-heading" className="text-xl font-semibold">
        {text.formHeading}
      </h3>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((body) => {
          // SPEC §5: sent only when location, phone and education are filled (the rules ensure it).
          if (update.isPending || !body.location || !body.phone || !body.education) return;
          update.mutate(body);
        })}
      >
        {FIELDS.map((name) => {
          const error = errors[name]?.message;
          const optional = name === 'linkedin';
          return (
            <InputField
              key={name}
              id={`profile-${name}`}
              label={
                <>
                  {text[name]}
                  {optional ? (
                    <span className="ml-2 font-normal text-base-content/75">
                      {text.linkedinHint}
                    </span>
                  ) : null}
                </>
              }
              error={error}
              {...register(name)}
              type={inputType[name]}
              autoComplete={autoComplete[name]}
              required={!optional}
              maxLength={300}
            />
          );
        })}
        {update.isError ? <ErrorText alert>{update.error.message}</ErrorText> : null}
        <div>
          <BusyButton
            type="submit"
            className="btn btn-primary"
            busy={update.isPending}
            busyLabel={text.busy}
          >
            {text.submit}
          </BusyButton>
        </div>
      </form>
      <UpdatedDialog open={updated} onClose={() => setUpdated(false)} />
    </section>
  );
}
