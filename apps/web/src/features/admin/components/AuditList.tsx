import { useId } from 'react';
import type { AuditEntry } from '../api.ts';
import { adminText } from '../strings.ts';
import { EmailText } from './EmailText.tsx';

const text = adminText.auditLog;

/** The audit log: a table on a wide screen, one card per admin action on a phone. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 lg:block">
        <table className="table">
          <caption className="sr-only">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.when}</th>
              <th scope="col">{text.who}</th>
              <th scope="col">{text.what}</th>
              <th scope="col">{text.target}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry._id}>
                <td className="whitespace-nowrap">
                  <When entry={entry} />
                </td>
                <td>
                  <EmailText email={entry.adminEmail} />
                </td>
                <td>{text.actions[entry.action]}</td>
                <td className="font-mono text-sm [overflow-wrap:anywhere]">{entry.target}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={text.list} className="flex flex-col gap-4 lg:hidden">
        {entries.map((entry) => (
          <li key={entry._id}>
            <AuditCard entry={entry} />
          </li>
        ))}
      </ul>
    </>
  );
}

function When({ entry }: { entry: AuditEntry }) {
  return <time dateTime={entry.createdAt}>{text.formatDate(entry.createdAt)}</time>;
}

function AuditCard({ entry }: { entry: AuditEntry }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {text.actions[entry.action]}
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.when}</dt>
          <dd>
            <When entry={entry} />
          </dd>
          <dt className="font-medium">{text.who}</dt>
          <dd className="[overflow-wrap:anywhere]">{entry.adminEmail}</dd>
          <dt className="font-medium">{text.target}</dt>
          <dd className="font-mono [overflow-wrap:anywhere]">{entry.target}</dd>
        </dl>
      </div>
    </article>
  );
}
