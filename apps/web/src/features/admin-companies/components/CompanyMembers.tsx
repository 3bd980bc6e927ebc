import { useId } from 'react';
import { EmailText } from '../../admin/index.ts';
import { companiesText } from '../../companies/index.ts';
import type { CompanyMember } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.company;

/** A company's people with their roles and spending limits: a table on a wide screen, cards on a phone. */
export function CompanyMembers({ members }: { members: CompanyMember[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 lg:block">
        <table className="table">
          <caption className="sr-only">{text.peopleCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.name}</th>
              <th scope="col">{text.email}</th>
              <th scope="col">{text.role}</th>
              <th scope="col">{text.limit}</th>
              <th scope="col">{text.joined}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.userId}>
                <th scope="row" className="break-words font-medium">
                  {member.name}
                </th>
                <td>
                  <EmailText email={member.email} />
                </td>
                <td>{companiesText.roles[member.role]}</td>
                <td className="whitespace-nowrap">{companiesText.limit(member.spendingLimit)}</td>
                <td className="whitespace-nowrap">
                  <Joined member={member} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={text.peopleHeading} className="flex flex-col gap-4 lg:hidden">
        {members.map((member) => (
          <li key={member.userId}>
            <MemberCard member={member} />
          </li>
        ))}
      </ul>
    </>
  );
}

function Joined({ member }: { member: CompanyMember }) {
  return (
    <time dateTime={member.joinedAt}>{adminCompaniesText.companies.date(member.joinedAt)}</time>
  );
}

function MemberCard({ member }: { member: CompanyMember }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-2">
        <h4 id={titleId} className="break-words text-lg font-semibold">
          {member.name}
        </h4>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.email}</dt>
          <dd className="[overflow-wrap:anywhere]">{member.email}</dd>
          <dt className="font-medium">{text.role}</dt>
          <dd>{companiesText.roles[member.role]}</dd>
          <dt className="font-medium">{text.limit}</dt>
          <dd>{companiesText.limit(member.spendingLimit)}</dd>
          <dt className="font-medium">{text.joined}</dt>
          <dd>
            <Joined member={member} />
          </dd>
        </dl>
      </div>
    </article>
  );
}
