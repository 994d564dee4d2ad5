import { uploadContentType } from "@convex/model/uploads";

/** The server's two steps around an upload: a URL recorded as the caller's, and attaching the file. */
interface UploadSteps {
  issue: () => Promise<{ uploadUrl: string; uploadId: string }>;
  attach: (storageId: string) => Promise<unknown>;
}

/**
 * Uploads `file` through a URL of the caller's own and attaches it. The file is sent naming that URL's
 * record in its Content-Type: the server attaches a file only to the person whose URL it names
 * (convex/model/uploads.ts), so each file goes with its own URL, whatever the order.
 */
export async function uploadThroughOwnUrl(steps: UploadSteps, file: File, onProgress: (fraction: number) => void) {
  const { uploadUrl, uploadId } = await steps.issue();
  const storageId = await uploadFile(uploadUrl, file, uploadContentType(file.type, uploadId), onProgress);
  await steps.attach(storageId);
}

/**
 * POSTs a file to a Convex upload URL as `contentType` and resolves with its storage id.
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 */
function uploadFile(url: string, file: File, contentType: string, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Content-Type", contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new Error(`Upload failed with status ${request.status}`));
        return;
      }
      try {
        const { storageId } = JSON.parse(request.responseText) as { storageId?: unknown };
        if (typeof storageId !== "string") throw new Error("Upload answer without a storage id");
        resolve(storageId);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.onerror = () => reject(new Error("Upload failed: network error"));
    request.send(file);
  });
}
