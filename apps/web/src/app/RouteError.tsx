import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { layoutText } from './layout/strings.ts';

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
function RouteError({ error, fullScreen }: { error: unknown; fullScreen: boolean }) {
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

type BoundaryProps = { pathname: string; fullScreen: boolean; children: ReactNode };
type BoundaryState = { error: unknown; failedAt: string | null } | { error: null; failedAt: null };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('unknown error'), failedAt: null };
  }

  // The error belongs to the address where it happened: going anywhere else tries again.
  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): BoundaryState | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { error: state.error, failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: null };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <RouteError error={error} fullScreen={this.props.fullScreen} />;
  }
}

/**
 * Catches what fails while a page renders or its code loads, shows RouteError in its place (the
 * navbar and footer stay, unless `fullScreen`), and lets the next address try again.
 */
export function RouteErrorBoundary({
  fullScreen = false,
  children,
}: {
  fullScreen?: boolean;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname} fullScreen={fullScreen}>
      {children}
    </Boundary>
  );
}
