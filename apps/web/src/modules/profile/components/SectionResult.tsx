import { Alert } from 'antd';

interface SectionResultProps {
  /** The success text, shown while `error` is empty. */
  success?: string | null;
  error?: string | null;
  /** `<testId>-success` / `<testId>-error`. */
  testId: string;
}

/** How the last save of one section of /account went; announced (role=alert / status). */
export function SectionResult({ success, error, testId }: SectionResultProps) {
  if (error) {
    return (
      <Alert
        className="account-section__result"
        type="error"
        showIcon
        title={error}
        data-testid={`${testId}-error`}
      />
    );
  }
  if (!success) return null;
  return (
    <Alert
      className="account-section__result"
      type="success"
      showIcon
      title={success}
      role="status"
      data-testid={`${testId}-success`}
    />
  );
}
