import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { accountsText } from '../strings.ts';

const text = accountsText.newPassword;
const newPasswordRules = () => import('../form-rules.ts').then((r) => r.newPasswordRules);

/**
 * A new password typed twice, under SPEC §5's password rule: the form of the reset page and of a
 * verification link opened in another browser. `username`, when known, goes with it unseen so
 * that a password manager saves the new password for the right address.
 */
export function NewPasswordForm({
  id,
  username,
  submit,
  busy,
  busyLabel,
  onSubmit,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  username?: string | undefined;
  submit: string;
  busy: boolean;
  busyLabel: string;
  onSubmit: (password: string) => void;
}) {
  const form = useShopForm(newPasswordRules, { password: '', confirm: '' });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => onSubmit(values.password))}
    >
      {username ? (
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
      ) : null}
      <InputField
        id={`${id}-password`}
        label={text.password}
        error={errors.password?.message}
        {...form.register('password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <InputField
        id={`${id}-confirm`}
        label={text.confirm}
        error={errors.confirm?.message}
        {...form.register('confirm')}
        type="password"
        autoComplete="new-password"
        required
      />
      <BusyButton
        type="submit"
        className="btn btn-primary w-full"
        busy={busy}
        busyLabel={busyLabel}
      >
        {submit}
      </BusyButton>
    </form>
  );
}
