import { CloseOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

interface ToolPanelProps {
  host: HTMLElement | null;
  title: ReactNode;
  testId: string;
  onClose: () => void;
  extra?: ReactNode;
  children: ReactNode;
}

/** A tool's panel in the page's side column (the one open tool panel). */
export function ToolPanel({ host, title, testId, onClose, extra, children }: ToolPanelProps) {
  const { t } = useTranslation();
  if (!host) return null;
  return createPortal(
    <Card
      size="small"
      className="viewer-tool-panel"
      data-testid={testId}
      title={title}
      extra={
        <>
          {extra}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('modelTools:action.closePanel')}
            onClick={onClose}
          />
        </>
      }
    >
      {children}
    </Card>,
    host,
  );
}
