import { CopyOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Button, QRCode, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const PRINTING = 'models-printing';

interface ElementQrCardProps {
  /** The full address the code holds; empty while it is being made. */
  url: string;
  /** The element's name (or class) under the code, and the PNG's file name. */
  title: string;
  subtitle?: string;
  loading?: boolean;
  testId: string;
}

/** A file name without the characters file systems refuse. */
const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'qrcode';

/**
 * An element's QR code with its address: copy the address, download the code as PNG, print it (only the
 * card prints: see the print rules in models.css).
 */
export function ElementQrCard({ url, title, subtitle, loading = false, testId }: ElementQrCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const box = useRef<HTMLDivElement>(null);
  // The print rules apply only while the body carries the class: cleared after the dialog (and on leaving).
  useEffect(() => {
    const done = () => document.body.classList.remove(PRINTING);
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      done();
    };
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('models:qr.copied'));
    } catch {
      void message.error(t('models:qr.copyFailed', { url }));
    }
  };

  const download = () => {
    const canvas = box.current?.querySelector('canvas');
    if (!canvas) {
      void message.error(t('models:qr.downloadFailed'));
      return;
    }
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = `${safeFileName(title)}.png`;
    document.body.append(link);
    link.click();
    link.remove();
  };

  const print = () => {
    document.body.classList.add(PRINTING);
    window.print();
  };

  return (
    <div className="models-qr" data-testid={testId}>
      <div className="models-qr models-print-card" ref={box}>
        <QRCode
          value={url || '-'}
          type="canvas"
          bgColor="#ffffff"
          size={200}
          status={loading ? 'loading' : 'active'}
          data-testid={`${testId}-code`}
        />
        <Typography.Text strong className="models-break">
          {title}
        </Typography.Text>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        <Typography.Text type="secondary" className="models-qr__url" data-testid={`${testId}-url`}>
          {url}
        </Typography.Text>
      </div>
      <Space wrap>
        <Button
          icon={<CopyOutlined />}
          disabled={!url}
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        >
          {t('models:qr.copy')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          disabled={!url}
          onClick={download}
          data-testid={`${testId}-download`}
        >
          {t('models:qr.download')}
        </Button>
        <Button icon={<PrinterOutlined />} disabled={!url} onClick={print} data-testid={`${testId}-print`}>
          {t('models:qr.print')}
        </Button>
      </Space>
    </div>
  );
}
