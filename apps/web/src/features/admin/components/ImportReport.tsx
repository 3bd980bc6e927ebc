import type { CatalogueImportReport } from '@axle/contract';
import { catalogueText as text } from '../catalogue-strings.ts';

/** How many refused lines the page lists; the count says how many there are in all. */
export const REFUSED_SHOWN_MAX = 200;

/**
 * What an import did: parts added, updated and refused, the categories the file names that the
 * shop does not have (with the closest it has), then the refused lines with their reasons (the first REFUSED_SHOWN_MAX; a narrow table that wraps its reasons on a phone rather
 * than scroll inside a box).
 */
export function ImportReport({ report }: { report: CatalogueImportReport }) {
  const shown = report.refused.slice(0, REFUSED_SHOWN_MAX);
  return (
    <section aria-labelledby="import-report-heading" className="flex flex-col gap-4">
      <h3 id="import-report-heading" className="text-xl font-semibold">
        {text.reportHeading(report.dryRun)}
      </h3>
      <ul className="flex flex-wrap gap-3">
        <li className="badge badge-lg badge-success">{text.inserted(report.inserted)}</li>
        <li className="badge badge-lg badge-info">{text.updated(report.updated)}</li>
        <li className={`badge badge-lg ${report.refusedCount > 0 ? 'badge-error' : 'badge-ghost'}`}>
          {text.refused(report.refusedCount)}
        </li>
      </ul>
      {report.unknownCategories.length > 0 ? (
        <div className="rounded-box bg-base-200 p-3">
          <h4 id="import-unknown-categories" className="font-medium">
            {text.unknownCategoriesHeading}
          </h4>
          <ul aria-labelledby="import-unknown-categories" className="list-disc ps-6">
            {report.unknownCategories.map((unknown) => (
              <li key={unknown.category} className="[overflow-wrap:anywhere]">
                {text.unknownCategory(unknown.category, unknown.closest, unknown.lines)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.refusedCount === 0 ? (
        <p>{text.allGood}</p>
      ) : (
        <div className="rounded-box bg-base-100 ring-1 ring-base-300">
          <table className="table table-sm table-fixed">
            <caption className="p-2 text-left font-medium">
              {text.refusedCaption(shown.length, report.refusedCount)}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="w-20">
                  {text.line}
                </th>
                <th scope="col">{text.reason}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((refused) => (
                <tr key={refused.line}>
                  <td className="font-mono">{refused.line}</td>
                  <td className="[overflow-wrap:anywhere]">{refused.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
