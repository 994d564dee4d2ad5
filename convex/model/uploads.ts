// Which upload URL a file came through (docs/product-rules.md, "Files"). Convex returns only a storage id
// for an upload, and anyone who learns that id can name it; the one thing only the uploader controls is the
// Content-Type the file is stored with. So the browser sends the file as its media type plus a parameter
// naming the upload record of the URL it was given, `image/png; upload=<id>`: stored with the file on
// Convex and on the embedded backend, unchangeable afterwards, and read by the server before a claim.
// Pure: the browser writes it, the server reads it.

/** The Content-Type parameter that names the upload record. */
const UPLOAD_TYPE_PARAMETER = "upload";

/** The Content-Type to send a file as through the upload URL recorded as `uploadId`. */
export function uploadContentType(mediaType: string, uploadId: string): string {
  // A type a browser could not name still needs a media type for the header to parse.
  return `${mediaType.trim() || "application/octet-stream"}; ${UPLOAD_TYPE_PARAMETER}=${uploadId}`;
}

/**
 * The media type a file was stored as (lower case, without parameters) and the upload record its
 * Content-Type names, or null when it names none (sent by hand, or stored before uploads were tagged).
 */
export function readUploadContentType(contentType: string): { mediaType: string; uploadId: string | null } {
  const [mediaType, ...parameters] = contentType.split(";");
  const named = parameters
    .map((parameter) => parameter.split("="))
    .filter(([name, value]) => name.trim().toLowerCase() === UPLOAD_TYPE_PARAMETER && value !== undefined)
    .map(([, value]) => value.trim().replace(/^"(.*)"$/, "$1"));
  // Two different names are no name at all: the file cannot say which URL it came through.
  const uploadId = named.length > 0 && named.every((value) => value === named[0]) && named[0] !== "" ? named[0] : null;
  return { mediaType: mediaType.trim().toLowerCase(), uploadId };
}
