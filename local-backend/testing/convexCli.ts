// The Convex CLI from node_modules, unchanged, run in a project (a copy of a fixture, or the product itself)
// against a running embedded backend as against a self-hosted deployment (CONVEX_SELF_HOSTED_URL and its admin key).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { nodeModulesDir, packageDir, type RunningBackend } from "./backend";

const CLI = path.join(nodeModulesDir, "convex/bin/main.js");

// The CLI colours its output when the environment asks (FORCE_COLOR in a CI): tests read plain text.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const plain = (s: string) => s.replace(ANSI, "");

interface CliResult {
  code: number;
  out: string;
}

/** A temporary copy of `tests/<fixture>` with the workspace's node_modules beside it. */
export function copyFixture(fixture: string): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), `local-backend-${fixture}-`));
  fs.cpSync(path.join(packageDir, "tests", fixture), project, { recursive: true });
  fs.symlinkSync(nodeModulesDir, path.join(project, "node_modules"), "dir");
  return project;
}

export class ConvexCli {
  constructor(
    private readonly project: string,
    private readonly backend: () => Pick<RunningBackend, "cloudUrl" | "adminKey">,
  ) {}

  env(): NodeJS.ProcessEnv {
    const b = this.backend();
    return { ...process.env, CI: "1", NO_COLOR: "1", FORCE_COLOR: "0", CONVEX_SELF_HOSTED_URL: b.cloudUrl, CONVEX_SELF_HOSTED_ADMIN_KEY: b.adminKey, CONVEX_DEPLOYMENT: "" };
  }

  /** `npx convex deploy` of the project, neither type-checked nor generating code; throws with the CLI's output if refused. */
  async deploy(): Promise<void> {
    const pushed = await this.run("deploy", "--typecheck", "disable", "--codegen", "disable");
    if (pushed.code !== 0) throw new Error(`npx convex deploy failed (${pushed.code}):\n${pushed.out}`);
  }

  /** `npx convex <args>`, non-interactive; never throws. */
  run(...args: string[]): Promise<CliResult> {
    return new Promise((resolve) => {
      execFile(process.execPath, [CLI, ...args], { cwd: this.project, env: this.env(), timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: plain(`${stdout}${stderr}`) });
      });
    });
  }

  /** A long-running command (`logs`), its output collected. */
  start(...args: string[]): { child: ChildProcess; output: () => string } {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: this.project, env: this.env() });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    return { child, output: () => plain(out) };
  }
}
