import type { CompanyMember, MemberBody } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { COMPANY_KEY, updateMember } from '../api.ts';
import { companiesText } from '../strings.ts';
import { limitValue, MemberFields, type MemberValues } from './MemberFields.tsx';

const text = companiesText.members;
const FORM_ID = 'member-form';
const memberRules = () => import('../form-rules.ts').then((rules) => rules.memberRules);

type Props = {
  /** The member whose role and limit an owner changes, or null while the dialog is closed. */
  member: CompanyMember | null;
  onClose: () => void;
};

/** An owner changes a member's role and spending limit; the server's refusal shows inside. */
export function MemberDialog({ member, onClose }: Props) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: MemberBody }) =>
      updateMember(userId, body),
    onSuccess: (company) => {
      queryClient.setQueryData(COMPANY_KEY, company);
      if (member) toast.success(text.saved(member.name));
      onClose();
    },
  });
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <FormDialog
      open={member !== null}
      title={member ? text.editTitle(member.name) : ''}
      formId={FORM_ID}
      submitLabel={text.save}
      busyLabel={text.saving}
      cancelLabel={text.cancel}
      busy={save.isPending}
      onCancel={close}
      error={save.isError ? save.error.message : null}
    >
      {/* A new form for each member: nothing typed for one is left for the next. */}
      {member ? (
        <MemberForm
          key={member.userId}
          member={member}
          onSave={(body) => {
            if (!save.isPending) save.mutate({ userId: member.userId, body });
          }}
        />
      ) : null}
    </FormDialog>
  );
}

function MemberForm({
  member,
  onSave,
}: {
  member: CompanyMember;
  onSave: (body: MemberBody) => void;
}) {
  const form = useShopForm<MemberValues, MemberBody>(memberRules, {
    role: member.role,
    spendingLimit: limitValue(member.spendingLimit),
  });
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(onSave)}
    >
      <p className="text-sm">
        <Breakable text={member.email} />
      </p>
      <MemberFields form={form} idPrefix="member" />
    </form>
  );
}
