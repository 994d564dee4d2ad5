// The Resend operations the mail catcher serves: the subset extracted from Resend's OpenAPI
// (extractSubset.ts) and the routes of mailCatcher.ts both come from this list.
export type ResendOperation = { method: "get" | "post" | "patch" | "delete"; path: string };

export const SERVED_OPERATIONS: ResendOperation[] = [{ method: "post", path: "/emails" }];

export const operationName = ({ method, path }: ResendOperation) => `${method.toUpperCase()} ${path}`;

/** Where the published specification comes from; extractSubset.ts checks the file it reads against it. */
export const RESEND_OPENAPI_SOURCE = {
  repository: "https://github.com/resend/resend-openapi",
  file: "resend.json",
  commit: "fd6f395f2114e13806025f0c330921c901d62bb1",
  date: "2026-08-21",
  openapi: "3.1.2",
  version: "1.5.0",
};
