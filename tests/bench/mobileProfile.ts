// Lighthouse's mobile profile, applied as Lighthouse applies it when it throttles through the DevTools protocol
// (its 'devtools' throttling method), for bench:pages' mobile column. The figures are Lighthouse's own, from
// GoogleChrome/lighthouse core/config/constants.js:
//   throttling.mobileSlow4G = { rttMs: 150, throughputKbps: 1.6 * 1024, cpuSlowdownMultiplier: 4,
//     requestLatencyMs: 150 * DEVTOOLS_RTT_ADJUSTMENT_FACTOR (3.75),
//     downloadThroughputKbps: 1.6 * 1024 * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR (0.9),
//     uploadThroughputKbps: 750 * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR (0.9) }
//   screenEmulationMetrics.mobile = { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75 }
//   userAgents.mobile = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) … Chrome/119.0.0.0 Mobile Safari/537.36'
// and core/lib/emulation.js, which sends them: Network.emulateNetworkConditions with latency = requestLatencyMs and
// the throughputs in bytes a second (kbps × 1024 / 8, floored), Emulation.setCPUThrottlingRate with the multiplier,
// Emulation.setDeviceMetricsOverride with the screen, the user agent with Chrome's version set to the browser's own.
// rttMs 150 and 1 638.4 kbps are the network Lighthouse's default (simulated) runs model; DevTools adds its latency
// once per request, with no connection set-up or slow start, so through it Lighthouse stretches the latency by 3.75
// and narrows the throughput by 0.9 to model the same network. `--mobile-network simulated` applies 150 ms and
// 1 638.4 / 750 kbps through the protocol as they are instead (the starting figures of issue 40 were taken so).
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";

const DEVTOOLS_RTT_ADJUSTMENT_FACTOR = 3.75;
const DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR = 0.9;
const MOBILE_SLOW_4G = { rttMs: 150, throughputKbps: 1.6 * 1024, uploadKbps: 750, cpuSlowdownMultiplier: 4 };

export type MobileNetwork = "devtools" | "simulated";

/** The network conditions as DevTools takes them: latency in ms, throughputs in bytes a second. */
function networkConditions(network: MobileNetwork) {
  const devtools = network === "devtools";
  const latency = MOBILE_SLOW_4G.rttMs * (devtools ? DEVTOOLS_RTT_ADJUSTMENT_FACTOR : 1);
  const factor = devtools ? DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR : 1;
  const bytesPerSecond = (kbps: number) => Math.floor((kbps * factor * 1024) / 8);
  return {
    offline: false,
    latency,
    downloadThroughput: bytesPerSecond(MOBILE_SLOW_4G.throughputKbps),
    uploadThroughput: bytesPerSecond(MOBILE_SLOW_4G.uploadKbps),
  };
}

/** What the mobile column says it measured, for the table and the results. */
export function describeMobile(network: MobileNetwork): string {
  const { latency, downloadThroughput, uploadThroughput } = networkConditions(network);
  const kbps = (bytes: number) => ((bytes * 8) / 1024).toFixed(1);
  return (
    `Lighthouse mobile (${network}): ${latency} ms a request, ${kbps(downloadThroughput)} kbps down, ${kbps(uploadThroughput)} kbps up, ` +
    `CPU ${MOBILE_SLOW_4G.cpuSlowdownMultiplier}× slower, 412×823 at 1.75, mobile user agent`
  );
}

const MOBILE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36";

/** The context's screen and user agent: the moto g power Lighthouse emulates (Playwright sends the device metrics over the protocol). */
export function mobileContextOptions(browser: Browser): BrowserContextOptions {
  const milestone = browser.version().split(".")[0];
  return {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_USER_AGENT.replace(/Chrome\/[\d.]+/, `Chrome/${milestone}.0.0.0`),
  };
}

/** Throttles `page`'s network and CPU through its DevTools session, before it navigates. */
export async function throttle(context: BrowserContext, page: Page, network: MobileNetwork): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", networkConditions(network));
  await session.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_SLOW_4G.cpuSlowdownMultiplier });
}
