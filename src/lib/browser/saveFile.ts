// Hands a file made in the browser to the user as a download, one way for every file the app makes (PDFs, XML,
// CSV, calendar invitations, transcripts): jsPDF's own `save` is not used, so every file leaves through here.

/** Saves `blob` as `fileName` through a link the browser clicks. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, not at once: some browsers read the address after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
