import type { Company } from '@axle/contract';
import { COMPANY_MEMBERS_MAX } from '@axle/contract/company-texts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef } from 'react';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useAuth } from '../../accounts/index.ts';
import { companyQuery } from '../api.ts';
import { CompanyDetails } from '../components/CompanyDetails.tsx';
import { Invitations } from '../components/Invitations.tsx';
import { Members } from '../components/Members.tsx';
import { companiesText } from '../strings.ts';

const text = companiesText.page;

/*
 * The forms, the fleet and the company's orders (below the first screen) come in chunks of their
 * own, fetched as the page is shown: with them the form pattern (react-hook-form) stays out of
 * the page's first load (docs/decisions/008).
 */
const CreateCompanyForm = lazy(() =>
  import('../components/CreateCompanyForm.tsx').then((m) => ({ default: m.CreateCompanyForm })),
);
const InviteForm = lazy(() =>
  import('../components/InviteForm.tsx').then((m) => ({ default: m.InviteForm })),
);
const Fleet = lazy(() => import('../components/Fleet.tsx').then((m) => ({ default: m.Fleet })));
const CompanyOrders = lazy(() =>
  import('../components/CompanyOrders.tsx').then((m) => ({ default: m.CompanyOrders })),
);

const loading = <Spinner className="self-start" />;

/**
 * The dashboard's My Company (issue 18, PRODUCT §8). A customer on their own learns what a company
 * is for and creates one; a member sees its details, its people, its fleet of vehicles (which
 * every member keeps) and every order of it. Owners also invite people, change roles and spending
 * limits, remove people, and approve or reject the orders above a buyer's limit.
 */
export default function MyCompanyPage() {
  const { user } = useAuth();
  const company = useQuery(companyQuery());
  const heading = useRef<HTMLHeadingElement>(null);
  const none = company.data === null;

  return (
    <section aria-labelledby="my-company-heading" className="flex flex-col gap-8">
      <title>{text.title}</title>
      <h2
        id="my-company-heading"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold focus:outline-none sm:text-3xl"
      >
        {text.heading}
      </h2>
      {company.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={text.loading} size="lg" />
        </div>
      ) : none ? (
        <>
          <p className="max-w-2xl text-base-content/80">{companiesText.create.intro}</p>
          <Suspense fallback={loading}>
            <CreateCompanyForm />
          </Suspense>
        </>
      ) : company.isError || !company.data ? (
        <LoadFailed
          message={text.loadFailed}
          retryLabel={text.retry}
          onRetry={() => company.refetch()}
        />
      ) : (
        <CompanyView
          company={company.data}
          me={user?._id ?? ''}
          myEmail={user?.email ?? ''}
          onGone={() => heading.current?.focus()}
        />
      )}
    </section>
  );
}

type CompanyViewProps = { company: Company; me: string; myEmail: string; onGone: () => void };

function CompanyView({ company, me, myEmail, onGone }: CompanyViewProps) {
  const owner = company.role === 'owner';
  const full = company.members.length + company.invitations.length >= COMPANY_MEMBERS_MAX;
  const invitationsHeading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <CompanyDetails company={company} />
      <section aria-labelledby="company-people-heading" className="flex flex-col gap-3">
        <h3 id="company-people-heading" className="text-xl font-semibold">
          {companiesText.members.heading}
        </h3>
        <Members company={company} me={me} onGone={onGone} />
      </section>
      {owner ? (
        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="company-invite-heading" className="flex flex-col gap-3">
            <h3 id="company-invite-heading" className="text-xl font-semibold">
              {companiesText.invite.heading}
            </h3>
            <p className="text-base-content/80">{companiesText.invite.intro}</p>
            {full ? (
              <p>{companiesText.invite.full}</p>
            ) : (
              <Suspense fallback={loading}>
                <InviteForm />
              </Suspense>
            )}
          </section>
          <section aria-labelledby="company-invitations-heading" className="flex flex-col gap-3">
            <h3
              id="company-invitations-heading"
              ref={invitationsHeading}
              tabIndex={-1}
              className="text-xl font-semibold focus:outline-none"
            >
              {companiesText.invitations.heading}
            </h3>
            <Invitations
              invitations={company.invitations}
              onGone={() => invitationsHeading.current?.focus()}
            />
          </section>
        </div>
      ) : null}
      <Suspense fallback={loading}>
        <Fleet />
      </Suspense>
      <Suspense fallback={loading}>
        <CompanyOrders owner={owner} myEmail={myEmail} />
      </Suspense>
    </>
  );
}
