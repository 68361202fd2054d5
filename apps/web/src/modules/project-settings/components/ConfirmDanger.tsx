import { Popconfirm } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDangerProps {
  title: ReactNode;
  description?: ReactNode;
  /** The confirming button's text; "Delete" by default. */
  okText?: string;
  /** Test id of the confirming button. */
  okTestId: string;
  onConfirm: () => unknown;
  /** The button that asks. */
  children: ReactElement;
}

/** Asks before a destructive action, with a red confirming button (delete, remove, revoke). */
export function ConfirmDanger({
  title,
  description,
  okText,
  okTestId,
  onConfirm,
  children,
}: ConfirmDangerProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText ?? t('projectSettings:common.delete')}
      cancelText={t('projectSettings:common.cancel')}
      // antd types no data attributes on the button props; the browser tests find the button by it.
      okButtonProps={{ danger: true, ...({ 'data-testid': okTestId } as object) }}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
