import * as React from 'react';
import type { AdminApiError } from '../api/client';
import { Empty, ErrorNotice, Loading } from './Feedback';
import { Pager } from './Pager';

/**
 * What a list page of the operator's tabs shows under its filters, in one place for them all: the
 * failure in words, the loader, the empty message, or the list (`children`, given the loaded page) with
 * its pager. Each is a child of the page's own column (a fragment), so the page's spacing holds.
 * The texts are already in the admin user's language.
 */
export function ListStates<T extends { count: number }>({
  data,
  error,
  isLoading,
  errorText,
  loadingText,
  emptyText,
  loaderWhileReloading = false,
  pager,
  children,
}: {
  data: T | null | undefined;
  error: AdminApiError | null | undefined;
  isLoading: boolean;
  errorText: string;
  loadingText: string;
  emptyText: string;
  /** The loader shows on every load, over the list it will replace (Deliveries), not only the first. */
  loaderWhileReloading?: boolean;
  /** Previous / next under the list; left out where the page places its own (Payments). */
  pager?: { page: number; pageSize: number; onPage: (page: number) => void };
  children: (data: T) => React.ReactNode;
}) {
  return (
    <>
      {error ? <ErrorNotice error={error} text={errorText} /> : null}
      {isLoading && (loaderWhileReloading || !data) ? <Loading text={loadingText} /> : null}
      {data && data.count === 0 ? <Empty content={emptyText} /> : null}
      {data && data.count > 0 ? (
        <>
          {children(data)}
          {pager ? (
            <Pager page={pager.page} pageSize={pager.pageSize} count={data.count} onPage={pager.onPage} />
          ) : null}
        </>
      ) : null}
    </>
  );
}
