/** Saves a file the browser holds under `name` (a download the page itself fetched, with a token). */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file only after the click's task has finished.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
