import type { CompanyBody } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { AddressFields, type AddressValues, blankAddress } from '../../addresses/index.ts';
import { COMPANY_KEY, createCompany } from '../api.ts';
import { companiesText } from '../strings.ts';

const text = companiesText.create;
const companyRules = () => import('../form-rules.ts').then((rules) => rules.companyRules);

type Values = { legalName: string; taxId: string; billingAddress: AddressValues };

/** A customer on their own creates their company, and becomes its owner. */
export function CreateCompanyForm() {
  const queryClient = useQueryClient();
  const form = useShopForm<Values, CompanyBody>(companyRules, {
    legalName: '',
    taxId: '',
    billingAddress: blankAddress,
  });
  const { errors } = form.formState;

  const create = useMutation({
    mutationFn: createCompany,
    onSuccess: (company) => {
      toast.success(text.created(company.legalName));
      queryClient.setQueryData(COMPANY_KEY, company);
    },
  });

  return (
    <section aria-labelledby="company-create-heading" className="flex max-w-xl flex-col gap-4">
      <h3 id="company-create-heading" className="text-xl font-semibold">
        {text.heading}
      </h3>
      <p className="text-base-content/80">{text.note}</p>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((body) => {
          if (!create.isPending) create.mutate(body);
        })}
      >
        <InputField
          id="company-legalName"
          label={text.legalName}
          error={errors.legalName?.message}
          autoComplete="organization"
          required
          {...form.register('legalName')}
        />
        <InputField
          id="company-taxId"
          label={text.taxId}
          hint={text.taxIdHint}
          error={errors.taxId?.message}
          autoComplete="off"
          spellCheck={false}
          required
          {...form.register('taxId')}
        />
        <AddressFields
          form={form}
          name="billingAddress"
          idPrefix="company-billing"
          legend={text.billing}
        />
        {create.isError ? <ErrorText alert>{create.error.message}</ErrorText> : null}
        <div>
          <BusyButton
            type="submit"
            className="btn btn-primary"
            busy={create.isPending}
            busyLabel={text.busy}
          >
            {text.submit}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
