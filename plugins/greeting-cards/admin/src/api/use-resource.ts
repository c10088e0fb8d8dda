import * as React from 'react';
import { AdminApiError, type Query, useAdminApi } from './client';

export interface Resource<T> {
  data?: T;
  error?: AdminApiError;
  isLoading: boolean;
  reload: () => void;
}

/**
 * GETs one admin route and keeps the answer, the error and a loading flag. A newer request (other
 * filters) aborts the older one, so a slow answer never overwrites a newer list.
 */
export function useResource<T>(path: string | null, query: Query = {}): Resource<T> {
  const api = useAdminApi();
  const [state, setState] = React.useState<{ data?: T; error?: AdminApiError; isLoading: boolean }>({
    isLoading: path !== null,
  });
  const [generation, setGeneration] = React.useState(0);
  const queryKey = JSON.stringify(query);

  React.useEffect(() => {
    if (path === null) return undefined;
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, isLoading: true }));
    api
      .getJson<T>(path, JSON.parse(queryKey) as Query, controller.signal)
      .then((data) => setState({ data, isLoading: false }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const failure =
          error instanceof AdminApiError
            ? error
            : new AdminApiError('The server could not be reached.', 0, {}, 'unreachable');
        setState({ error: failure, isLoading: false });
      });
    return () => controller.abort();
  }, [api, path, queryKey, generation]);

  const reload = React.useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, reload };
}
