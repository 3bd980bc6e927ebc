import { useQuery } from '@tanstack/react-query';
import { dashboardText } from '../../dashboard/index.ts';
import { type AuditEntry, auditLogQuery } from '../api.ts';
import { LoadFailed, Loading } from '../components/LoadState.tsx';
import { adminText } from '../strings.ts';

const text = adminText.auditLog;

/** Newest first, whatever order the entries arrive in (the id breaks ties within a moment). */
const newestFirst = (a: AuditEntry, b: AuditEntry) =>
  b.createdAt.localeCompare(a.createdAt) || b._id - a._id;

/** What admins did: who did what to which account or order, and when, newest first. */
export default function AuditLogPage() {
  const { data: entries, isPending, isError, refetch } = useQuery(auditLogQuery());

  return (
    <section aria-labelledby="audit-log-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-1">
        <h2 id="audit-log-heading" className="text-2xl font-semibold">
          {dashboardText.auditLog}
        </h2>
        <p className="text-base-content/80">{text.intro}</p>
      </div>
      {isPending ? (
        <Loading label={text.loading} />
      ) : isError ? (
        <LoadFailed message={text.loadFailed} onRetry={() => refetch()} />
      ) : entries.length === 0 ? (
        <p className="py-8 text-lg">{text.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300">
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
              {[...entries].sort(newestFirst).map((entry) => (
                <tr key={entry._id}>
                  <td className="whitespace-nowrap">
                    <time dateTime={entry.createdAt}>{text.formatDate(entry.createdAt)}</time>
                  </td>
                  <td className="break-all">{entry.adminEmail}</td>
                  <td className="whitespace-nowrap">{text.actions[entry.action]}</td>
                  <td className="break-all font-mono text-sm">{entry.target}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
