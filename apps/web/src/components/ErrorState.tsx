import { Button } from 'antd';
import type { ReactNode } from 'react';
import { WarningOutlinedIcon } from './icons';

interface ErrorStateProps {
  title: string;
  description?: ReactNode;
  actionLabel: string;
  onAction: () => void;
  /** Shows the action as busy (e.g. while the retry is running). */
  busy?: boolean;
  testId?: string;
}

/** A clear failure with one way forward (Retry, Reload). */
export function ErrorState({ title, description, actionLabel, onAction, busy, testId }: ErrorStateProps) {
  return (
    <div className="error-state" role="alert" data-testid={testId}>
      <WarningOutlinedIcon className="error-state__icon" />
      <h2 className="error-state__title">{title}</h2>
      {description ? <p className="error-state__description">{description}</p> : null}
      <Button type="primary" onClick={onAction} loading={busy}>
        {actionLabel}
      </Button>
    </div>
  );
}
