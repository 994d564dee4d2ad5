// What the browser would save. The test DOM downloads nothing: a file handed to it (lib/browser/saveFile.ts, or a
// link the page makes) is the blob given to URL.createObjectURL and the link that would be clicked.
import { vi } from "vitest";

/**
 * Captures every download from now on (call it in a beforeEach; vi.restoreAllMocks undoes the click's spy):
 * `blobs` in order, and `downloads` as "<file name> <address>" (or the file name alone, `withAddress: false`).
 */
export function captureDownloads({ address = (count: number) => `blob:file-${count}`, withAddress = true } = {}) {
  const blobs: Blob[] = [];
  const downloads: string[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return address(blobs.length);
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(withAddress ? `${this.download} ${this.href}` : this.download);
  });
  return { blobs, downloads };
}
