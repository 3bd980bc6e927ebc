import { useQuery } from '@tanstack/react-query';
import { Pager } from '../../../components/ui/Pager.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { useListAddress } from '../../../lib/list-address.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { auditLogPageQuery } from '../api.ts';
import { AuditList } from '../components/AuditList.tsx';
import { ChoiceFilter } from '../components/ChoiceFilter.tsx';
import { DateRange } from '../components/DateRange.tsx';
import { ListBody } from '../components/ListBody.tsx';
import { ListTools } from '../components/ListTools.tsx';
import { adminText } from '../strings.ts';

const text = adminText.auditLog;

const actionChoices = [
  { value: '', label: text.everyAction },
  // From the words rather than the contract's schema, which would bring zod to this page.
  ...Object.entries(text.actions).map(([value, label]) => ({ value, label })),
];

/**
 * What admins did: who did what to which account or order, and when, newest first. Searched,
 * filtered by action and dates and paged by the server (PRODUCT §5), kept in the page's address.
 */
export default function AuditLogPage() {
  const address = useListAddress();
  const q = address.value('q');
  const action = address.value('action');
  const from = address.value('from');
  const to = address.value('to');
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    auditLogPageQuery({
      q: q || undefined,
      action: action || undefined,
      from: from || undefined,
      to: to || undefined,
      limit: address.limit,
      cursor: address.cursor,
    }),
  );
  const entries = data?.rows ?? [];

  return (
    <section aria-labelledby="audit-log-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-1">
        <h2 id="audit-log-heading" className="text-2xl font-bold sm:text-3xl">
          {dashboardText.auditLog}
        </h2>
        <p className="text-base-content/80">{text.intro}</p>
      </div>
      <ListTools>
        <SearchBox
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={q}
          onSearch={(search, options) => address.setFilters({ q: search }, options)}
        />
        <ChoiceFilter
          label={text.action}
          value={action}
          choices={actionChoices}
          onChange={(value) => address.setFilters({ action: value })}
        />
        <DateRange from={from} to={to} onChange={(range) => address.setFilters(range)} />
      </ListTools>
      <ListBody
        loading={isPending}
        failed={isError}
        count={entries.length}
        busy={isPlaceholderData}
        text={text}
        filtered={Boolean(q || action || from || to)}
        onRetry={() => refetch()}
        onClear={() => address.setFilters({ q: '', action: '', from: '', to: '' })}
      >
        <AuditList entries={entries} />
      </ListBody>
      {data ? <Pager address={address} list={data} busy={isPlaceholderData} /> : null}
    </section>
  );
}
