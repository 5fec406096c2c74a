/** Handing a file to the browser to save, as a link with `download` would: a fetched file, or one the page made. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, not at once: some browsers read the file after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
