import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../../accounts/index.ts';
import { ORDERS_KEY } from '../../orders/index.ts';
import { acceptInvitation, COMPANY_KEY } from '../api.ts';
import { companiesText } from '../strings.ts';

const text = companiesText.join;

/**
 * /company/join?token=…, the page an invitation's e-mail links to (signed-in people only: the
 * guard sends anyone else to sign in or up first, and back here). It says what joining means and
 * joins with one press; the server's refusal (expired, for another address, already in a company)
 * shows as it says it.
 */
export default function JoinCompanyPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const join = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (company) => {
      queryClient.setQueryData(COMPANY_KEY, company);
      // Orders are now the company's to see, and parts cost the company's prices.
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: [...COMPANY_KEY, 'prices'] });
      toast.success(text.joined(company.legalName));
      void navigate('/dashboard/company', { replace: true });
    },
  });

  return (
    <section
      aria-labelledby="join-company-heading"
      className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10"
    >
      <title>{text.title}</title>
      <h1 id="join-company-heading" className="text-2xl font-bold sm:text-3xl">
        {text.heading}
      </h1>
      <p>{text.intro}</p>
      {token === '' ? (
        <ErrorText alert className="text-base">
          {text.noToken}
        </ErrorText>
      ) : (
        <>
          {user ? <p className="wrap-anywhere">{text.signedInAs(user.email)}</p> : null}
          <p className="text-sm text-base-content/80">{text.once}</p>
          {join.isError ? (
            <ErrorText alert className="text-base">
              {join.error.message}
            </ErrorText>
          ) : null}
          <div>
            <BusyButton
              className="btn btn-primary"
              busy={join.isPending}
              busyLabel={text.busy}
              onClick={() => join.mutate()}
            >
              {text.submit}
            </BusyButton>
          </div>
        </>
      )}
      <p className="flex flex-wrap gap-6 text-sm">
        <Link to="/dashboard/company" className="link">
          {text.myCompany}
        </Link>
        <Link to="/" className="link">
          {text.home}
        </Link>
      </p>
    </section>
  );
}
