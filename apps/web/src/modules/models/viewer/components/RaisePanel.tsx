import '../../viewpoint/locales';
import { CameraOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of a form raised from an element beside the model (a problem, a contact sheet): its title,
 * the note that the view on screen is kept as the record's viewpoint, and the module's own form.
 */
export function RaisePanel(props: { testId: string; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="viewer-raise" data-testid={props.testId}>
      <Typography.Title level={5} className="viewer-properties__section">
        {props.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="viewer-raise-viewpoint-note">
        <CameraOutlined /> {t('modelViewpoint:savesView')}
      </Typography.Paragraph>
      {props.children}
    </section>
  );
}
