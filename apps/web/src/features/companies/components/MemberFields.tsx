import { type CompanyRole, companyRoles } from '@axle/contract/company-texts';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { companiesText } from '../strings.ts';

const text = companiesText.fields;

/** A member's role and spending limit while they are typed (`form-rules.ts` checks them). */
export type MemberValues = { role: CompanyRole; spendingLimit: string };

/** A spending limit as its field shows it: the dollars, or nothing for no limit. */
export const limitValue = (dollars: number | null) => (dollars === null ? '' : String(dollars));

type MemberFieldsProps<T extends FieldValues & MemberValues> = {
  form: Pick<UseFormReturn<T>, 'register' | 'formState' | 'watch'>;
  /** The start of the controls' ids, unique on the page. */
  idPrefix: string;
};

/**
 * The role and, for a buyer, the spending limit per order (empty: no limit): in the invitation
 * form and in an owner's change of a member. Owners have no limit, so theirs is not asked.
 */
export function MemberFields<T extends FieldValues & MemberValues>({
  form,
  idPrefix,
}: MemberFieldsProps<T>) {
  const errors = form.formState.errors as FieldErrors<MemberValues>;
  const role = form.watch('role' as Path<T>) as CompanyRole;
  // The option chosen at first is marked as the default one, so that the form does not take the
  // list's first option for a choice already made.
  const initialRole = (form.formState.defaultValues as Partial<MemberValues> | undefined)?.role;
  const roleId = `${idPrefix}-role`;
  return (
    <>
      <Field id={roleId} label={text.role} hint={text.roleHint} error={errors.role?.message}>
        {(control) => (
          <select
            {...control}
            className={controlClass('select', errors.role?.message)}
            defaultValue={initialRole}
            {...form.register('role' as Path<T>)}
          >
            {companyRoles.map((value) => (
              <option key={value} value={value}>
                {companiesText.roles[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {role === 'owner' ? (
        <p className="text-sm text-base-content/80">{companiesText.members.ownerNoLimit}</p>
      ) : (
        <InputField
          id={`${idPrefix}-spendingLimit`}
          label={
            <>
              {text.limit}
              <span className="ml-2 font-normal text-base-content/75">{text.optional}</span>
            </>
          }
          hint={text.limitHint}
          error={errors.spendingLimit?.message}
          inputMode="decimal"
          autoComplete="off"
          {...form.register('spendingLimit' as Path<T>)}
        />
      )}
    </>
  );
}
