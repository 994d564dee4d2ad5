import { useMemo } from "react";
import { useQueries } from "convex/react";
import { getFunctionName, type FunctionArgs, type FunctionReference, type FunctionReturnType } from "convex/server";
import { errorMessage } from "@/lib/text/errors";
import { useKeptAcrossNow } from "@/lib/time/useNow";

type TableResult<T> = { data: T | undefined; error: string | null };

/**
 * A query of one of the admin tables, its failure handed back (not thrown) so the table can say
 * 'Errore nel caricamento ...' with the reason while the rest of the dashboard keeps working.
 */
export function useTableQuery<Query extends FunctionReference<"query">>(
  query: Query,
  args: FunctionArgs<Query>,
): TableResult<FunctionReturnType<Query>> {
  // useQueries resubscribes whenever the request changes identity, so it is rebuilt only when the
  // function or the args change by value (`api.x.y` is a new object at every access).
  const key = `${getFunctionName(query)}:${JSON.stringify(args)}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const request = useMemo(() => ({ result: { query, args } }), [key]);
  const { result } = useQueries(request) as { result: FunctionReturnType<Query> | Error | undefined };
  // A table whose `now` moved keeps its rows until the new answer comes.
  const data = useKeptAcrossNow(result instanceof Error ? undefined : result, args as Record<string, unknown>);
  if (result instanceof Error) return { data: undefined, error: errorMessage(result) };
  return { data, error: null };
}
