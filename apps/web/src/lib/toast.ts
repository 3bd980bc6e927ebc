/**
 * The shop's toasts (SPEC §9). react-toastify and its styles are fetched with the first toast a
 * page shows, so they stay out of every page's first download: <Toasts /> mounts the library's
 * container then, and the toast is shown once it is there.
 */
type Toastify = typeof import('react-toastify');

let wanted = false;
const listeners = new Set<() => void>();
let hostReady: (library: Toastify) => void = () => undefined;
const host = new Promise<Toastify>((resolve) => {
  hostReady = resolve;
});

/** Whether a toast was asked for (then <Toasts /> mounts the container). */
export const toastsWanted = () => wanted;

export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the container once it is mounted, with the library it came with. */
export function toastHostMounted(library: Toastify): void {
  hostReady(library);
}

function show(kind: 'success' | 'error' | 'info', message: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of [...listeners]) listener();
  }
  void host.then((library) => library.toast[kind](message));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
