import { useRouteError } from 'react-router';
import { layoutText } from '../lib/strings/layout.ts';

const text = layoutText.routeError;

/** A page's code that failed to arrive (a new deploy, a dropped connection): SPEC §8. */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading chunk|dynamically imported module|Importing a module script failed|Unable to preload/i.test(
      error.message,
    )
  );
}

/** Shown instead of a page that failed: a friendly message and a way out. */
export function RouteError({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  return (
    <div
      className={`flex flex-col items-center justify-center gap-4 px-4 py-16 text-center ${fullScreen ? 'min-h-screen' : ''}`}
    >
      <h1 className="text-3xl font-bold">{text.title}</h1>
      <p className="max-w-prose">{isChunkLoadError(error) ? text.chunkBody : text.body}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {text.reload}
        </button>
        <a href="/" className="btn btn-ghost">
          {text.home}
        </a>
      </div>
    </div>
  );
}
