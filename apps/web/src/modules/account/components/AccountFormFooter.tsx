import { Button } from 'antd';
import type { ReactNode } from 'react';
import { InlineAlert } from '../../../components/InlineAlert';

/**
 * The end of every account form (register, bind a phone, find / reset / change the password): the form's
 * own error line, anything the page adds under it, and the full-width submit button.
 */
export function AccountFormFooter({
  error,
  errorTestId,
  notice,
  busy,
  submitTestId,
  children,
}: {
  /** The error that belongs to no field (a refusal of the server); nothing when null or empty. */
  error: string | null | undefined;
  errorTestId: string;
  /** Shown between the error and the button (a way out of a dead end, say). */
  notice?: ReactNode;
  busy: boolean;
  submitTestId: string;
  /** The button's label. */
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <InlineAlert className="login-form__error" type="error" message={error} testId={errorTestId} />
      ) : null}
      {notice}
      <Button type="primary" size="large" htmlType="submit" block loading={busy} data-testid={submitTestId}>
        {children}
      </Button>
    </>
  );
}
