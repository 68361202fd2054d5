import { Empty, Pagination } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { PAGE_SIZE } from '../api';

interface ListQueryState<T> {
  data: { rows: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A paged list's states: loading the first time, a failure with Retry, empty (with the filter's words), or
 * the rows with the pager. While another page loads the previous rows stay, marked busy.
 */
export function PagedList<T>({
  query,
  page,
  onPage,
  errorTitle,
  emptyText,
  testId,
  children,
}: {
  query: ListQueryState<T>;
  page: number;
  onPage: (page: number) => void;
  errorTitle: string;
  emptyText: string;
  testId: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const emptied = query.data !== undefined && query.data.rows.length === 0 && page > 1;
  const lastPage = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));
  useEffect(() => {
    // The page emptied (its last items were deleted or read away, or the address named a page too far):
    // go to the last page there is.
    if (emptied && lastPage !== page && !query.isPlaceholderData) onPage(lastPage);
  }, [emptied, lastPage, page, onPage, query.isPlaceholderData]);
  if (query.isPending) return <PageSpinner />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title={errorTitle}
        description={errorMessage(query.error, t)}
        actionLabel={t('common:action.retry')}
        onAction={() => void query.refetch()}
        busy={query.isFetching}
        testId={`${testId}-error`}
      />
    );
  }
  const { rows, total } = query.data ?? { rows: [], total: 0 };
  if (rows.length === 0) {
    return (
      <Empty className="notification-centre__empty" description={emptyText} data-testid={`${testId}-empty`} />
    );
  }
  return (
    <>
      <ul
        className="notification-list"
        aria-busy={query.isFetching && query.isPlaceholderData}
        data-testid={testId}
      >
        {children(rows)}
      </ul>
      {total > PAGE_SIZE ? (
        <Pagination
          className="notification-centre__pager"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
          data-testid={`${testId}-pager`}
        />
      ) : null}
    </>
  );
}
