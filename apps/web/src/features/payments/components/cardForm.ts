/**
 * What both card forms (the sandbox's own fields and Stripe's CardElement) give the payment: a
 * `confirm` that pays the intent and resolves to its id, or throws the provider's message.
 */
export type Confirm = () => Promise<string>;

export type CardFormProps = {
  /** Null until the payment intent has arrived: Pay stays disabled till then (SPEC §4). */
  clientSecret: string | null;
  /** What Pay will charge, in dollars, once the server has said (its Pay button names it). */
  amount: number | null;
  busy: boolean;
  onPay: (confirm: Confirm) => void;
};
