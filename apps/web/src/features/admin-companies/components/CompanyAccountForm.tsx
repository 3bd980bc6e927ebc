import { useQueryClient } from '@tanstack/react-query';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Field, InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { AUDIT_LOG_KEY } from '../../admin/index.ts';
import {
  type AdminCompanyDetail,
  COMPANIES_KEY,
  type CompanyAccountBody,
  companyQuery,
  setCompanyAccount,
} from '../api.ts';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.company;
const accountRules = () => import('../form-rules.ts').then((rules) => rules.companyAccountRules);

type Account = AdminCompanyDetail['account'];

/** The form's fields as the company's account stands: the box, and the figures as text. */
const valuesOf = (account: Account) => ({
  onAccount: account.onAccount,
  creditLimit: String(account.creditLimit),
  termsDays: String(account.termsDays),
});

/**
 * The admin allows (or stops) a company's payment on account, with its credit limit and terms
 * (issue 18 #4), checked with the server's own rules; once saved the page shows the new figures.
 */
export function CompanyAccountForm({ company }: { company: AdminCompanyDetail }) {
  const queryClient = useQueryClient();
  const form = useShopForm(accountRules, valuesOf(company.account));
  const errors = form.formState.errors;

  const save = useOneAtATimeMutation({
    mutationFn: (body: CompanyAccountBody) => setCompanyAccount(company._id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(companyQuery(saved._id).queryKey, saved);
      form.reset(valuesOf(saved.account));
      toast.success(text.saved(saved.legalName));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...COMPANIES_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <Field
        id="account-onAccount"
        label={text.onAccountChoice}
        hint={text.onAccountHint}
        error={errors.onAccount?.message}
      >
        {(control) => (
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            {...control}
            {...form.register('onAccount')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="account-creditLimit"
          label={text.creditLimitLabel}
          hint={text.creditLimitHint}
          error={errors.creditLimit?.message}
          inputMode="decimal"
          autoComplete="off"
          {...form.register('creditLimit')}
        />
        <InputField
          id="account-termsDays"
          label={text.termsLabel}
          hint={text.termsHint}
          error={errors.termsDays?.message}
          inputMode="numeric"
          autoComplete="off"
          {...form.register('termsDays')}
        />
      </div>
      {save.error ? <ErrorText alert>{save.error.message}</ErrorText> : null}
      <div>
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={save.isPending}
          busyLabel={text.saving}
        >
          {text.save}
        </BusyButton>
      </div>
    </form>
  );
}
