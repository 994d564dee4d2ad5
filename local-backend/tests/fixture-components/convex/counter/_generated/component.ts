/* eslint-disable */
/**
 * Generated `ComponentApi` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type { FunctionReference } from "convex/server";

/**
 * A utility for referencing a Convex component's exposed API.
 *
 * Useful when expecting a parameter like `components.myComponent`.
 * Usage:
 * ```ts
 * async function myFunction(ctx: QueryCtx, component: ComponentApi) {
 *   return ctx.runQuery(component.someFile.someQuery, { ...args });
 * }
 * ```
 */
export type ComponentApi<Name extends string | undefined = string | undefined> =
  {
    files: {
      generateUploadUrl: FunctionReference<
        "mutation",
        "internal",
        {},
        string,
        Name
      >;
      list: FunctionReference<
        "query",
        "internal",
        {},
        Array<{ id: string; size: number; contentType: string | null }>,
        Name
      >;
      read: FunctionReference<
        "action",
        "internal",
        { storageId: string },
        string | null,
        Name
      >;
      remove: FunctionReference<
        "mutation",
        "internal",
        { storageId: string },
        null,
        Name
      >;
      store: FunctionReference<
        "action",
        "internal",
        { text: string; sha256?: string },
        string,
        Name
      >;
      url: FunctionReference<
        "query",
        "internal",
        { storageId: string },
        string | null,
        Name
      >;
    };
    lib: {
      add: FunctionReference<
        "mutation",
        "internal",
        { name: string },
        number,
        Name
      >;
      environment: FunctionReference<
        "query",
        "internal",
        {},
        { greeting: string | null; appSecret: string | null },
        Name
      >;
      fail: FunctionReference<"query", "internal", any, any, Name>;
      get: FunctionReference<
        "query",
        "internal",
        { name: string },
        number,
        Name
      >;
    };
  };
