/** A file fetched for the user to keep. */
export type SavedFile = { blob: Blob; filename: string };

/** Saves a Blob through a temporary link, the one way that works in every browser. */
export function saveBlob({ blob, filename }: SavedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
