import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { useListAddress } from '../../../lib/list-address.ts';
import { toast } from '../../../lib/toast.ts';
import { dashboardText } from '../../dashboard/index.ts';
import {
  retryJob,
  STUCK_JOBS_KEY,
  type StuckJob,
  type StuckJobState,
  stuckJobsQuery,
} from '../api.ts';
import { JobFilter } from '../components/JobFilter.tsx';
import { JobList } from '../components/JobList.tsx';
import { ListBody } from '../components/ListBody.tsx';
import { adminText } from '../strings.ts';

const text = adminText.jobs;

/** The state the address asks for; anything else (a hand-edited address) shows every stuck job. */
const stateOf = (value: string): StuckJobState | undefined =>
  value === 'retrying' || value === 'dead' ? value : undefined;

/**
 * Mail and jobs (issue 31): the e-mails and invoices of the durable queue that did not go
 * through, newest first, filtered by state (kept in the page's address). A job still retrying
 * says when its next try is; one that failed every try waits for an admin, who sends it again.
 * A job sent again leaves the list: the heading then takes the focus its button had.
 */
export default function MailAndJobsPage() {
  const queryClient = useQueryClient();
  const address = useListAddress();
  const state = stateOf(address.value('state'));
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(stuckJobsQuery(state));
  const heading = useRef<HTMLHeadingElement>(null);

  const sendAgain = useOneAtATimeMutation({
    mutationFn: (job: StuckJob) => retryJob(job._id),
    onSuccess: () => {
      toast.success(text.sent);
      heading.current?.focus();
    },
    onError: (error) => {
      // 404: the job is gone; 409: it is no longer stuck. Either way its row leaves the list.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409))
        heading.current?.focus();
      toast.error(error.message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: STUCK_JOBS_KEY });
    },
  });

  const jobs = data?.jobs ?? [];
  const counts = data?.counts;
  const stuck = counts ? counts.retrying + counts.dead : 0;
  const shownOf = counts ? (state ? counts[state] : stuck) : 0;
  // A state's tab can be empty while the other holds jobs: say so, and offer every stuck job.
  const otherStuck = state !== undefined && stuck > 0;

  return (
    <section aria-labelledby="jobs-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-1">
        <h2
          ref={heading}
          id="jobs-heading"
          tabIndex={-1}
          className="text-2xl font-bold focus:outline-none sm:text-3xl"
        >
          {dashboardText.mailAndJobs}
        </h2>
        <p className="max-w-3xl text-base-content/80">{text.intro}</p>
      </div>
      <JobFilter
        value={state ?? ''}
        counts={counts}
        onChange={(value) => address.setFilters({ state: value })}
      />
      <ListBody
        loading={isPending}
        failed={isError}
        count={jobs.length}
        busy={isPlaceholderData}
        text={{
          ...text,
          empty: otherStuck ? (state === 'dead' ? text.noneDead : text.noneRetrying) : text.empty,
        }}
        filtered={false}
        onRetry={() => refetch()}
        onClear={() => address.setFilters({ state: '' })}
        emptyAction={
          otherStuck ? (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => address.setFilters({ state: '' })}
            >
              {text.showAll}
            </button>
          ) : (
            <Link to="/dashboard" className="btn btn-outline">
              {text.toDashboard}
            </Link>
          )
        }
      >
        <JobList
          jobs={jobs}
          onSendAgain={(job) => sendAgain.mutate(job)}
          sendingId={sendAgain.isPending ? (sendAgain.variables?._id ?? null) : null}
        />
      </ListBody>
      {jobs.length > 0 && shownOf > jobs.length ? (
        <p className="text-sm text-base-content/80">{text.newest(jobs.length, shownOf)}</p>
      ) : null}
    </section>
  );
}
