import type { ReactNode } from 'react';
import { accountsText } from '../strings.ts';

/**
 * Two columns on large screens: the brand promo panel and the sign-in or register card. The
 * pages that e-mailed links open (reset, verify) show the card alone (`promo={false}`).
 */
export function AuthScreen({
  title,
  promo = true,
  children,
}: {
  title: string;
  promo?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 lg:items-center lg:py-16 ${promo ? 'lg:grid-cols-2' : ''}`}
    >
      {promo ? <PromoPanel /> : null}
      <div className="card w-full max-w-md justify-self-center bg-base-100 shadow-xl ring-1 ring-base-300">
        <div className="card-body gap-4 p-6 sm:p-8">
          <h1 className="card-title text-2xl">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

function PromoPanel() {
  return (
    <section
      aria-labelledby="auth-promo-heading"
      className="hidden flex-col gap-6 rounded-box bg-neutral p-10 text-neutral-content lg:flex"
    >
      <h2 id="auth-promo-heading" className="text-4xl font-bold">
        {accountsText.promo.heading}
      </h2>
      <p className="text-lg leading-relaxed">{accountsText.promo.blurb}</p>
      <img
        src="/images/login-promo.svg"
        alt=""
        width={800}
        height={1000}
        className="aspect-[4/3] w-full rounded-box object-cover"
        decoding="async"
      />
    </section>
  );
}
