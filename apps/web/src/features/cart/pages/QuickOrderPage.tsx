import type { QuickOrderReply } from '@axle/contract';
import { QUICK_ORDER_MAX_CHARS } from '@axle/contract/buying-texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field } from '../../../components/ui/Field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useShopForm } from '../../../lib/form.ts';
import { quickOrder } from '../api.ts';
import { CART_KEY } from '../keys.ts';
import { cartText } from '../strings.ts';

const text = cartText.quick;
const quickOrderRules = () => import('../form-rules.ts').then((rules) => rules.quickOrderRules);

/**
 * Quick order (issue 17 #4): part numbers and quantities typed, pasted from a spreadsheet or read
 * from a CSV file go into the cart; a table says what was added and why any line was not.
 */
export default function QuickOrderPage() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const form = useShopForm(quickOrderRules, { text: '' });
  const send = useMutation({
    mutationFn: (body: { text: string }) => quickOrder(body.text),
    onSuccess: (reply) => queryClient.setQueryData(CART_KEY, reply.cart),
  });
  const refused = form.formState.errors.text?.message;

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > QUICK_ORDER_MAX_CHARS * 4) {
      form.setError('text', { message: text.fileTooLarge });
      return;
    }
    form.setValue('text', await file.text(), { shouldValidate: true });
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <h1 id={headingId} className="text-3xl font-bold">
        {text.title}
      </h1>
      <p>{text.intro}</p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((body) => {
          if (!send.isPending) send.mutate(body);
        })}
      >
        <Field id="quick-order-text" label={text.textLabel} hint={text.textHint} error={refused}>
          {(control) => (
            <textarea
              {...control}
              {...form.register('text', { onChange: () => send.reset() })}
              rows={10}
              spellCheck={false}
              className={`${controlClass('textarea', refused)} font-mono`}
            />
          )}
        </Field>
        <Field id="quick-order-file" label={text.fileLabel} hint={text.fileHint}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="file-input w-full"
              onChange={(event) => void readFile(event.target.files?.[0])}
            />
          )}
        </Field>
        <BusyButton
          type="submit"
          className="btn btn-primary self-start"
          busy={send.isPending}
          busyLabel={text.sending}
        >
          {text.submit}
        </BusyButton>
        {send.isError ? (
          <ErrorText alert>
            {send.error instanceof ApiError ? send.error.message : cartText.saveFailed}
          </ErrorText>
        ) : null}
      </form>
      {send.data ? <QuickOrderResult reply={send.data} /> : null}
    </section>
  );
}

function QuickOrderResult({ reply }: { reply: QuickOrderReply }) {
  return (
    <div role="status" className="space-y-6">
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">{text.addedTitle(reply.added.length)}</h2>
        {reply.added.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{text.line}</th>
                  <th scope="col">{cartText.partNumber}</th>
                  <th scope="col">{cartText.part}</th>
                  <th scope="col">{cartText.quantity}</th>
                  <th scope="col">{text.note}</th>
                </tr>
              </thead>
              <tbody>
                {reply.added.map((line) => (
                  <tr key={line.line}>
                    <td>{line.line}</td>
                    <td className="font-mono">{line.partNumber}</td>
                    <td>{line.name}</td>
                    <td>{line.quantity}</td>
                    <td>{line.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <Link to="/cart" className="btn">
          {text.goToCart}
        </Link>
      </section>
      {reply.refused.length > 0 ? (
        <section className="space-y-2">
          <h2 className="text-xl font-semibold">{text.refusedTitle(reply.refused.length)}</h2>
          <div className="overflow-x-auto">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{text.line}</th>
                  <th scope="col">{text.what}</th>
                  <th scope="col">{text.reason}</th>
                </tr>
              </thead>
              <tbody>
                {reply.refused.map((line) => (
                  <tr key={line.line}>
                    <td>{line.line}</td>
                    <td className="font-mono break-all">{line.text}</td>
                    <td>{line.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
