import { describe, expect, it } from "vitest";
import { readUploadContentType, uploadContentType } from "../../../convex/model/uploads";

describe("the upload URL a file names in its Content-Type", () => {
  it("is written after the media type and read back with it", () => {
    expect(uploadContentType("image/png", "jd7abc")).toBe("image/png; upload=jd7abc");
    expect(readUploadContentType(uploadContentType("image/png", "jd7abc"))).toEqual({ mediaType: "image/png", uploadId: "jd7abc" });
  });

  it("gives a file a browser could not type a media type, so the header still parses", () => {
    expect(uploadContentType("", "jd7abc")).toBe("application/octet-stream; upload=jd7abc");
  });

  it("reads the media type in lower case, whatever the spacing, quoting and other parameters", () => {
    expect(readUploadContentType("IMAGE/JPEG;charset=x;Upload=\"jd7abc\"")).toEqual({ mediaType: "image/jpeg", uploadId: "jd7abc" });
  });

  it("names no upload when the type has none, an empty one, or two different ones", () => {
    expect(readUploadContentType("image/jpeg")).toEqual({ mediaType: "image/jpeg", uploadId: null });
    expect(readUploadContentType("image/jpeg; upload=")).toEqual({ mediaType: "image/jpeg", uploadId: null });
    expect(readUploadContentType("image/jpeg; upload=a; upload=b").uploadId).toBeNull();
    expect(readUploadContentType("image/jpeg; upload=a; upload=a").uploadId).toBe("a");
    expect(readUploadContentType("")).toEqual({ mediaType: "", uploadId: null });
  });
});
