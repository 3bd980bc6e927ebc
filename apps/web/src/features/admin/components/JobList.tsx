import { useId } from 'react';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import type { StuckJob } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.jobs;

export type JobActions = {
  onSendAgain: (job: StuckJob) => void;
  /** The job being sent again, if any. */
  sendingId: number | null;
};

type JobListProps = { jobs: StuckJob[] } & JobActions;

/**
 * The stuck jobs: a table on a wide screen, one card per job on a phone. Each says what it is
 * for, whether it will be tried again (and when) or waits for an admin, how often it was tried,
 * the last error and when it was made, with Send again.
 */
export function JobList({ jobs, ...actions }: JobListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 lg:block">
        <table className="table">
          <caption className="sr-only">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.job}</th>
              <th scope="col">{text.state}</th>
              <th scope="col">{text.lastError}</th>
              <th scope="col">{text.action}</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job._id} className="align-top">
                <th scope="row" className="min-w-48 font-medium">
                  <Breakable text={job.about} />
                  <span className="mt-1 block text-sm font-normal text-base-content/80">
                    {text.created} <Created job={job} />
                  </span>
                </th>
                <td className="min-w-40">
                  <State job={job} />
                  <span className="mt-1 block text-sm text-base-content/80">
                    {text.tried(job.attempts)}
                  </span>
                </td>
                <td>
                  <LastError job={job} />
                </td>
                <td>
                  <SendAgainButton job={job} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={text.list} className="flex flex-col gap-4 lg:hidden">
        {jobs.map((job) => (
          <li key={job._id}>
            <JobCard job={job} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}

function JobCard({ job, ...actions }: { job: StuckJob } & JobActions) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          <Breakable text={job.about} />
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.state}</dt>
          <dd>
            <State job={job} />
            <span className="block">{text.tried(job.attempts)}</span>
          </dd>
          <dt className="font-medium">{text.created}</dt>
          <dd>
            <Created job={job} />
          </dd>
          <dt className="col-span-2 font-medium">{text.lastError}</dt>
          <dd className="col-span-2">
            <LastError job={job} />
          </dd>
        </dl>
        <div className="card-actions justify-end">
          <SendAgainButton job={job} {...actions} />
        </div>
      </div>
    </article>
  );
}

function Created({ job }: { job: StuckJob }) {
  return <time dateTime={job.createdAt}>{text.formatDate(job.createdAt)}</time>;
}

/** "Will try again at …" while the queue still tries it; "Failed — waiting for you" once dead. */
function State({ job }: { job: StuckJob }) {
  if (job.state === 'dead') return <span className="font-semibold">{text.dead}</span>;
  if (!job.nextTryAt) return <span>{text.willRetrySoon}</span>;
  return (
    <span>
      {text.willRetry} <time dateTime={job.nextTryAt}>{text.formatDate(job.nextTryAt)}</time>
    </span>
  );
}

/** The mail server's last reply, as it gave it: monospace, wrapping rather than widening the page. */
function LastError({ job }: { job: StuckJob }) {
  if (!job.lastError) return <span className="text-sm text-base-content/80">{text.noError}</span>;
  return (
    <pre className="rounded-box bg-base-200 p-2 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
      {job.lastError}
    </pre>
  );
}

function SendAgainButton({ job, onSendAgain, sendingId }: { job: StuckJob } & JobActions) {
  const which = <span className="sr-only">{text.which(job.about)}</span>;
  return (
    <BusyButton
      className="btn btn-outline btn-sm whitespace-nowrap"
      busy={sendingId === job._id}
      busyLabel={
        <>
          {text.sending}
          {which}
        </>
      }
      onClick={() => onSendAgain(job)}
    >
      {text.sendAgain}
      {which}
    </BusyButton>
  );
}
