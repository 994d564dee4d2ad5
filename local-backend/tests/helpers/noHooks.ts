// The engine's hooks doing nothing beyond convex-test's own (createEngine without a backend around it).
export const noHooks = {
  onCommit: () => {},
  asyncSyscall: (_op: string, json: string, next: (json: string) => Promise<string>) => next(json),
  onQueryStream: () => {},
  storeBlob: () => {},
  readBlob: () => null,
};
