/**
 * Saves generated text (a calendar file, a vCard, a JSON backup) as a file
 * the browser downloads, without a server round trip. Browser-only.
 */

/** Offers `text` as a download named `filename`, typed `mimeType`. */
export function downloadText(filename: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking straight away can cancel the download in some browsers; a tick later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
