// Losing the connection for real: the backend drops this test's sync sockets and refuses new ones for 30 s
// (a test-only fault scoped by a cookie its browser carries, so the tests running beside it keep theirs). A
// psychic's switch and weekly hours saved meanwhile wait, marked, and land exactly once when the socket is
// back, read from the backend's own log. kill -9 of the backend: offline.exclusive.spec.ts.
import { api } from "@convex/_generated/api";
import { connectionWords } from "@/lib/browser/connection";
import { backendAs } from "./api";
import { armBackendFault, lastCommitTs } from "./backendLog";
import { expect, expectAccessible, test } from "./fixtures";
import { banner, changeWhileOffline, expectLanded, expectWrittenOnce, newPsychic, openPsychicPages, unexpected } from "./offlinePsychic";

// 30 s without the backend, then the Convex client's reconnection backoff (up to 16 s).
test.describe.configure({ timeout: 150_000 });

test("the backend drops the psychic's sockets for 30 s: the psychic's changes wait, marked, and land once when it is back", async ({ browser }) => {
  const errors: string[] = [];
  const { psychic, profileId } = await newPsychic(`Nives ${Date.now().toString(36).slice(-5)}`);
  const tag = `cut-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { settings, editor } = await openPsychicPages(browser, psychic, errors, tag);
  const since = await lastCommitTs();

  const cutAt = Date.now();
  await armBackendFault({ refuseSyncMs: 30_000, refuseSyncTag: tag });
  await expect(banner(settings)).toHaveText(connectionWords.offline, { timeout: 3_000 });
  await expect(banner(editor)).toHaveText(connectionWords.offline, { timeout: 3_000 });
  expect(Date.now() - cutAt).toBeLessThan(3_000);

  await changeWhileOffline(settings, editor);
  await expectAccessible(settings, "the settings offline, a switch waiting");
  await expectAccessible(editor, "the profile editor offline, a save waiting");
  // Nothing reached the server while the sockets were refused (its HTTP API still answers).
  expect((await backendAs(psychic.session).query(api.psychicProfiles.getMine, {}))?.isAvailable).toBe(true);

  await expectLanded(settings, editor);
  expect(Date.now() - cutAt).toBeGreaterThanOrEqual(30_000);
  await expectWrittenOnce(psychic, profileId, since);
  expect(unexpected(errors)).toEqual([]);
});
