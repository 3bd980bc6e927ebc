import type { InvitationBody } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { COMPANY_KEY, inviteMember } from '../api.ts';
import { companiesText } from '../strings.ts';
import { MemberFields, type MemberValues } from './MemberFields.tsx';

const text = companiesText.invite;
const invitationRules = () => import('../form-rules.ts').then((rules) => rules.invitationRules);

type Values = MemberValues & { email: string };
const blank: Values = { email: '', role: 'buyer', spendingLimit: '' };

/** Owners invite someone by e-mail, with the role and spending limit they are to have. */
export function InviteForm() {
  const queryClient = useQueryClient();
  const form = useShopForm<Values, InvitationBody>(invitationRules, blank);
  const { errors } = form.formState;

  const invite = useMutation({
    mutationFn: inviteMember,
    onSuccess: (invitation) => {
      toast.success(text.sent(invitation.email));
      form.reset(blank);
      void queryClient.invalidateQueries({ queryKey: COMPANY_KEY });
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      // The call's promise goes back to the form, which takes no other submit until it settles.
      onSubmit={form.handleSubmit((body) => invite.mutateAsync(body).catch(() => undefined))}
    >
      <InputField
        id="invite-email"
        label={text.email}
        error={errors.email?.message}
        type="email"
        autoComplete="off"
        spellCheck={false}
        required
        {...form.register('email')}
      />
      <MemberFields form={form} idPrefix="invite" />
      {invite.isError ? <ErrorText alert>{invite.error.message}</ErrorText> : null}
      <div>
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={invite.isPending}
          busyLabel={text.busy}
        >
          {text.submit}
        </BusyButton>
      </div>
    </form>
  );
}
