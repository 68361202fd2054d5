import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';

/**
 * Shown when a page cannot render or its code cannot be loaded (typically a new deploy replaced the chunk
 * the browser asked for): reloading the page fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="app-fatal">
      <ErrorState
        title={t('layout:shell.routeErrorTitle')}
        description={t('layout:shell.routeErrorDescription')}
        actionLabel={t('common:action.reload')}
        onAction={() => window.location.reload()}
        testId="route-error"
      />
    </div>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** When it changes (e.g. the path), a caught error is forgotten and the children are tried again. */
  resetKey?: unknown;
}

interface RouteErrorBoundaryState {
  error: unknown;
  resetKey: unknown;
}

const NO_ERROR = Symbol('no error');

/**
 * Catches what a route throws while rendering, including a page chunk that failed to load (`React.lazy`
 * rethrows the failed import), and shows RouteError instead of the route. (React reports the caught error
 * on the console itself.)
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: NO_ERROR, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { error: NO_ERROR, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.error === NO_ERROR ? this.props.children : <RouteError />;
  }
}
