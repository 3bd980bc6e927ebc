import type { CatalogueImportReport } from '@axle/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { dashboardText } from '../../dashboard/index.ts';
import { AUDIT_LOG_KEY, exportCatalogue, importCatalogue } from '../api.ts';
import { catalogueText } from '../catalogue-strings.ts';
import { ImportReport } from '../components/ImportReport.tsx';

const text = catalogueText;

/** Catalogue import and export (issue 16 #7): a CSV file in, with its report; the catalogue out. */
export default function CatalogueCsvPage() {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dryRun, setDryRun] = useState(false);
  const [report, setReport] = useState<CatalogueImportReport | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileId = useId();
  const helpId = useId();
  const errorId = useId();

  const runImport = useOneAtATimeMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      importCatalogue(file, dryRun),
    onMutate: () => setReport(null),
    onSuccess: (reply) => setReport(reply),
    onError: (error) => toast.error(error.message),
    onSettled: (reply) => {
      if (reply?.dryRun) return;
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });

  const runExport = useOneAtATimeMutation<Blob, void>({
    mutationFn: exportCatalogue,
    onSuccess: (file) => saveFile(file, text.fileName),
    onError: (error) => toast.error(error.message),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setFileError(text.chooseFile);
      fileInput.current?.focus();
      return;
    }
    setFileError(null);
    runImport.mutate({ file, dryRun });
  }

  return (
    <section aria-labelledby="catalogue-csv-heading" className="flex flex-col gap-8">
      <title>{text.title}</title>
      <div className="flex flex-col gap-1">
        <h2 id="catalogue-csv-heading" className="text-2xl font-bold sm:text-3xl">
          {dashboardText.catalogueCsv}
        </h2>
        <p className="text-base-content/80">{text.intro}</p>
      </div>

      <form
        noValidate
        onSubmit={submit}
        aria-labelledby="catalogue-import-heading"
        className="flex flex-col gap-4 rounded-box bg-base-100 p-4 ring-1 ring-base-300 sm:p-6"
      >
        <h3 id="catalogue-import-heading" className="text-xl font-semibold">
          {text.importHeading}
        </h3>
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="font-medium">
            {text.file}
          </label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full max-w-xl"
            aria-describedby={fileError ? `${errorId} ${helpId}` : helpId}
            aria-invalid={fileError ? true : undefined}
            onChange={() => setFileError(null)}
          />
          {fileError && (
            <p id={errorId} className="text-error">
              {fileError}
            </p>
          )}
          <p id={helpId} className="text-sm text-base-content/80">
            {text.fileHelp}
          </p>
        </div>
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="checkbox"
            checked={dryRun}
            onChange={(event) => setDryRun(event.target.checked)}
          />
          <span>{text.dryRun}</span>
        </label>
        <div>
          <BusyButton
            type="submit"
            className="btn btn-primary"
            busy={runImport.isPending}
            busyLabel={text.importing}
          >
            {text.import}
          </BusyButton>
        </div>
        <div aria-live="polite">{report && <ImportReport report={report} />}</div>
      </form>

      <div className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300 sm:p-6">
        <h3 className="text-xl font-semibold">{text.exportHeading}</h3>
        <p className="text-base-content/80">{text.exportHelp}</p>
        <div>
          <BusyButton
            className="btn btn-outline"
            busy={runExport.isPending}
            busyLabel={text.exporting}
            onClick={() => runExport.mutate()}
          >
            {text.export}
          </BusyButton>
        </div>
      </div>
    </section>
  );
}
