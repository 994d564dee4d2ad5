// Account enumeration by timing: a wrong password for an existing account and any password for
// an address without one must take about as long, over the same HTTP API the app's sign-in uses. Each
// known account gets at most 4 wrong passwords (the fifth would lock it and answer at once); each unknown
// address one. Known and unknown attempts alternate, so load on the machine falls on both alike.
import { ConvexHttpClient } from "convex/browser";
import { demoAccounts, demoPsychics } from "../../convex/demo/data.ts";
import { ref } from "./clients.ts";
import { summarize, type Latency } from "./stats.ts";

interface SignInTiming {
  known: Latency;
  unknown: Latency;
  /** unknown p50 / known p50: 1 is the same time. */
  ratio: number;
}

const ATTEMPTS_PER_ACCOUNT = 4;

async function timedFailure(http: ConvexHttpClient, email: string): Promise<number> {
  const started = performance.now();
  try {
    await http.action(ref("auth:signIn"), { provider: "password", params: { flow: "signIn", email, password: "sbagliata-di-certo" } } as never);
  } catch (error) {
    if (!String(error).includes("INVALID_CREDENTIALS")) throw error;
    return performance.now() - started;
  }
  throw new Error(`a wrong password signed ${email} in`);
}

export async function signInTiming(cloudUrl: string): Promise<SignInTiming> {
  const http = new ConvexHttpClient(cloudUrl, { skipConvexDeploymentUrlCheck: true, logger: false });
  const accounts = [demoAccounts.client.email, ...demoPsychics.map((psychic) => psychic.email)];
  const known: number[] = [];
  const unknown: number[] = [];
  // One of each first, unmeasured: the first call of a kind warms its code path.
  await timedFailure(http, accounts[0]);
  await timedFailure(http, "riscaldamento.nessuno@esempio.it");
  for (let round = 1; round < ATTEMPTS_PER_ACCOUNT; round++) {
    for (const [index, email] of accounts.entries()) {
      known.push(await timedFailure(http, email));
      unknown.push(await timedFailure(http, `nessuno.${round}.${index}@esempio.it`));
    }
  }
  const k = summarize(known);
  const u = summarize(unknown);
  return { known: k, unknown: u, ratio: Math.round((u.p50 / k.p50) * 100) / 100 };
}
