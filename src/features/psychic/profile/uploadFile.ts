/**
 * POSTs a file to a Convex upload URL and resolves with its storage id. XMLHttpRequest rather
 * than fetch because only it reports upload progress.
 */
export function uploadFile(url: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Content-Type", file.type);
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
