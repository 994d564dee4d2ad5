// Set before each file of the "ui" project (vitest.config.ts): the Convex and auth React hooks are the shared
// stand-in (convexMock.ts) for every component test, emptied before each test. The project's files share one module
// graph, so a module is mocked the same way for all of them or not at all; a file that needs modules of its own
// mocked (a lazy page, its own hooks) is in "ui-own-mocks".
import { beforeEach, vi } from "vitest";
import { convexMock } from "./convexMock";

vi.mock("convex/react", async () => (await import("./convexMock")).convexReactMock);
vi.mock("@convex-dev/auth/react", async () => (await import("./convexMock")).authReactMock);

beforeEach(() => convexMock.reset());
