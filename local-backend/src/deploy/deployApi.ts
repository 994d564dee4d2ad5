// The deployment API the Convex CLI speaks to a self-hosted backend (what `npx convex dev`, `deploy`, `env`,
// `logs` and `function-spec` call besides the function API), each answer shaped as the CLI's own types
// parse it. Everything here needs the admin key (`Authorization: Convex <key>`).
import type http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { PushError } from "./pushedCode.ts";
import type { Deployment, StartPushRequest } from "./deployment.ts";
import { functionLog } from "./functionLogs.ts";
import { SnapshotError, type Snapshots } from "./snapshots.ts";
import fs from "node:fs";

interface DeployApiContext {
  deployment: Deployment;
  snapshots: Snapshots;
  isAdmin(req: http.IncomingMessage): boolean;
  readBody(req: http.IncomingMessage): Promise<Buffer>;
  json(res: http.ServerResponse, status: number, body: unknown): void;
}

/** The request's JSON body, unpacked as the CLI sends a push (`Content-Encoding: br`). */
async function jsonBody(ctx: DeployApiContext, req: http.IncomingMessage): Promise<unknown> {
  let bytes = await ctx.readBody(req);
  const encoding = String(req.headers["content-encoding"] ?? "").toLowerCase();
  if (encoding === "br") bytes = brotliDecompressSync(bytes);
  else if (encoding === "gzip") bytes = gunzipSync(bytes);
  return JSON.parse(bytes.toString("utf8") || "{}");
}

function badRequest(message: string) {
  return new PushError(message, "BadRequest");
}

/** The shape the backend needs of a push request; anything else is refused before code is loaded. */
function startPushRequest(body: unknown): StartPushRequest {
  const b = body as Partial<StartPushRequest> | null;
  const app = b?.appDefinition;
  const isModule = (m: unknown) =>
    typeof (m as { path?: unknown })?.path === "string" &&
    typeof (m as { source?: unknown }).source === "string" &&
    ["isolate", "node"].includes((m as { environment?: string }).environment ?? "");
  if (!b || typeof b.functions !== "string" || !app || !Array.isArray(app.changedModules) || !Array.isArray(app.unchangedModuleHashes))
    throw badRequest("Expected a push request: { functions, appDefinition: { changedModules, unchangedModuleHashes, schema } }");
  if (!app.changedModules.every(isModule) || (app.schema !== null && app.schema !== undefined && !isModule(app.schema)))
    throw badRequest("Every module needs a path, a source and an environment (isolate or node)");
  const components = Array.isArray(b.componentDefinitions) ? b.componentDefinitions : [];
  const validComponent = (c: unknown) => {
    const d = c as Partial<StartPushRequest["componentDefinitions"][number]> | null;
    return (
      typeof d?.definitionPath === "string" &&
      isModule(d.definition) &&
      Array.isArray(d.dependencies) &&
      d.dependencies.every((p) => typeof p === "string") &&
      Array.isArray(d.functions) &&
      d.functions.every(isModule) &&
      (d.schema === null || d.schema === undefined || isModule(d.schema))
    );
  };
  if (!components.every(validComponent) || (app.definition !== null && app.definition !== undefined && !isModule(app.definition)))
    throw badRequest("Every component definition needs a definitionPath, a definition module, dependencies and functions");
  return {
    dryRun: b.dryRun === true,
    functions: b.functions,
    appDefinition: {
      definition: app.definition ?? null,
      dependencies: Array.isArray(app.dependencies) ? app.dependencies.filter((p): p is string => typeof p === "string") : [],
      schema: app.schema ?? null,
      changedModules: app.changedModules,
      unchangedModuleHashes: app.unchangedModuleHashes,
      udfServerVersion: String(app.udfServerVersion ?? ""),
    },
    componentDefinitions: components.map((c) => ({ ...c, schema: c.schema ?? null })),
    nodeDependencies: Array.isArray(b.nodeDependencies) ? b.nodeDependencies : [],
    nodeVersion: typeof b.nodeVersion === "string" ? b.nodeVersion : undefined,
  };
}

const ROUTES = new Set([
  "GET /api/v1/get_canonical_urls",
  "POST /api/get_config_hashes",
  "POST /api/deploy2/start_push",
  "POST /api/deploy2/evaluate_push",
  "POST /api/deploy2/wait_for_schema",
  "POST /api/deploy2/finish_push",
  "POST /api/deploy2/report_push_completed",
  "GET /api/stream_function_logs",
  "POST /api/export/request/zip",
  "POST /api/import/start_upload",
  "POST /api/import/upload_part",
  "POST /api/import/finish_upload",
  "POST /api/perform_import",
]);
const EXPORT_DOWNLOAD = /^\/api\/export\/zip\/([0-9]+)$/;

export function isDeployRoute(method: string | undefined, pathname: string): boolean {
  return ROUTES.has(`${method} ${pathname}`) || (method === "GET" && EXPORT_DOWNLOAD.test(pathname));
}

export async function deployRoute(ctx: DeployApiContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  if (!ctx.isAdmin(req)) return ctx.json(res, 401, { code: "BadAdminKey", message: "The provided admin key was invalid for this instance" });
  const d = ctx.deployment;
  const snapshots = ctx.snapshots;
  try {
    const download = EXPORT_DOWNLOAD.exec(url.pathname);
    if (download) {
      const found = snapshots.exportFile(download[1]);
      if (!found) return ctx.json(res, 404, { code: "ExportNotFound", message: `No completed export at timestamp ${download[1]}` });
      res.writeHead(200, { "content-type": "application/zip", "content-disposition": `attachment; filename=${found.name}`, "content-length": fs.statSync(found.file).size });
      return void fs.createReadStream(found.file).pipe(res);
    }
    switch (`${req.method} ${url.pathname}`) {
      case "GET /api/v1/get_canonical_urls":
        return ctx.json(res, 200, d.canonicalUrls());
      case "POST /api/get_config_hashes":
        return ctx.json(res, 200, d.configHashes());
      case "POST /api/deploy2/start_push":
        return ctx.json(res, 200, await d.startPush(startPushRequest(await jsonBody(ctx, req))));
      case "POST /api/deploy2/evaluate_push": {
        // What a push would change, without keeping anything (`--dry-run` checks).
        const response = (await d.startPush({ ...startPushRequest(await jsonBody(ctx, req)), dryRun: true })) as { schemaChange: unknown };
        return ctx.json(res, 200, { schemaChange: response.schemaChange });
      }
      case "POST /api/deploy2/wait_for_schema": {
        const body = (await jsonBody(ctx, req)) as { schemaChange?: unknown };
        return ctx.json(res, 200, d.waitForSchema(body.schemaChange));
      }
      case "POST /api/deploy2/finish_push": {
        const body = (await jsonBody(ctx, req)) as { startPush?: unknown; dryRun?: boolean };
        const diff = await d.finishPush(body.startPush, body.dryRun === true);
        return ctx.json(res, 200, diff);
      }
      case "POST /api/deploy2/report_push_completed":
        await ctx.readBody(req);
        return ctx.json(res, 200, null);
      case "GET /api/stream_function_logs": {
        const cursor = Number(url.searchParams.get("cursor") ?? "0");
        if (!Number.isFinite(cursor)) return ctx.json(res, 400, { code: "BadRequest", message: "cursor must be a number" });
        const closed = new AbortController();
        res.on("close", () => closed.abort());
        return ctx.json(res, 200, await functionLog.stream(cursor, closed.signal));
      }
      case "POST /api/export/request/zip":
        await snapshots.requestExport(url.searchParams.get("includeStorage") === "true");
        return ctx.json(res, 200, {});
      case "POST /api/import/start_upload":
        return ctx.json(res, 200, { uploadToken: snapshots.startUpload() });
      case "POST /api/import/upload_part": {
        const partNumber = Number(url.searchParams.get("partNumber"));
        if (!Number.isInteger(partNumber) || partNumber < 1) return ctx.json(res, 400, { code: "BadRequest", message: "partNumber must be a positive integer" });
        const bytes = await ctx.readBody(req);
        return ctx.json(res, 200, snapshots.uploadPart(url.searchParams.get("uploadToken") ?? "", partNumber, bytes));
      }
      case "POST /api/import/finish_upload": {
        const body = (await jsonBody(ctx, req)) as { import?: { tableName?: string; mode?: string; format?: string; componentPath?: string }; uploadToken?: string; partTokens?: unknown };
        const args = body.import ?? {};
        const modes = ["requireEmpty", "append", "replace", "replaceAll"];
        const formats = ["zip", "jsonLines", "jsonArray", "csv"];
        if (!modes.includes(args.mode ?? "") || !formats.includes(args.format ?? "") || !Array.isArray(body.partTokens) || typeof body.uploadToken !== "string")
          return ctx.json(res, 400, { code: "BadRequest", message: "Expected { import: { mode, format, tableName? }, uploadToken, partTokens }" });
        const importId = snapshots.finishUpload(body.uploadToken, body.partTokens.map(String), args as never);
        return ctx.json(res, 200, { importId });
      }
      case "POST /api/perform_import": {
        const body = (await jsonBody(ctx, req)) as { importId?: unknown };
        await snapshots.performImport(String(body.importId ?? ""));
        return ctx.json(res, 200, {});
      }
    }
  } catch (e) {
    if (e instanceof PushError || e instanceof SnapshotError) return ctx.json(res, 400, { code: e.code, message: e.message });
    if (e instanceof SyntaxError) return ctx.json(res, 400, { code: "BadJsonBody", message: e.message });
    throw e;
  }
}
