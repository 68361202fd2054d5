import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  PERSONNEL_IMPORT_COLUMNS,
  PERSONNEL_IMPORT_HEADERS,
  PERSONNEL_IMPORT_MAX_BYTES,
  type PersonnelImportColumn,
  type PersonnelImportPreview,
} from '@lintel/contracts/personnel';
import { Alert, App, Button, Modal, Space, Table, type TableColumnsType, Typography, Upload } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/useLanguage';
import { downloadFile } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { importTemplatePath, sendImport, useImportPersonnel } from '../api';

type PreviewRow = PersonnelImportPreview['rows'][number];

interface ImportDialogProps {
  projectId: string;
  open: boolean;
  onClose: () => void;
}

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);

/**
 * The Excel import: download the template, upload a filled one, see every row with its problems, and only
 * then import. Nothing is saved until "import N rows", which stays disabled while any row is invalid.
 */
export function ImportDialog({ projectId, open, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PersonnelImportPreview | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const commit = useImportPersonnel(projectId);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setProblem(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const check = async (chosen: File) => {
    reset();
    if (!isXlsx(chosen)) {
      setProblem(t('personnel:import.onlyXlsx'));
      return;
    }
    if (chosen.size > PERSONNEL_IMPORT_MAX_BYTES) {
      setProblem(t('personnel:import.tooLarge', { size: PERSONNEL_IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setChecking(true);
    try {
      setPreview(await sendImport(projectId, chosen, true, language));
      setFile(chosen);
    } catch (error) {
      setProblem(errorMessage(error, t));
    } finally {
      setChecking(false);
    }
  };

  const template = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        importTemplatePath(projectId),
        { lang: language },
        t('personnel:import.templateName'),
      );
    } catch (error) {
      void message.error(errorMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };

  const importRows = async () => {
    if (!file || !preview) return;
    try {
      const answer = await commit.mutateAsync({ file, language });
      void message.success(t('personnel:import.done', { count: answer.created }));
      close();
    } catch (error) {
      setProblem(errorMessage(error, t));
    }
  };

  const rows = preview?.rows ?? [];
  const ready = preview !== null && preview.invalid === 0 && preview.valid > 0;

  return (
    <Modal
      open={open}
      title={t('personnel:import.title')}
      width={1000}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('personnel:action.cancel')}</Button>
          <Button
            type="primary"
            disabled={!ready}
            loading={commit.isPending}
            onClick={() => void importRows()}
            data-testid="personnel-import-commit"
          >
            {t('personnel:import.commit', { count: preview?.valid ?? 0 })}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('personnel:import.step1')}</Typography.Paragraph>
      <Button
        icon={<DownloadOutlined />}
        loading={downloading}
        onClick={() => void template()}
        data-testid="personnel-import-template"
      >
        {t('personnel:import.template')}
      </Button>
      <Typography.Paragraph className="personnel-import__step">
        {t('personnel:import.step2')}
      </Typography.Paragraph>
      <Upload
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        showUploadList={false}
        beforeUpload={(chosen) => {
          void check(chosen);
          // The file goes to the preview call (ours), not to antd's uploader.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={checking} data-testid="personnel-import-file">
          {file ? file.name : t('personnel:import.choose')}
        </Button>
      </Upload>
      {problem ? (
        <Alert
          type="error"
          showIcon
          title={problem}
          className="personnel-import__alert"
          data-testid="personnel-import-problem"
        />
      ) : null}
      {preview ? <PreviewTable preview={preview} rows={rows} /> : null}
    </Modal>
  );
}

function PreviewTable({ preview, rows }: { preview: PersonnelImportPreview; rows: PreviewRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const badFields = (row: PreviewRow) => new Set(row.errors.map((error) => error.field));
  const columns: TableColumnsType<PreviewRow> = [
    { key: 'row', title: t('personnel:import.row'), width: 64, fixed: 'left', dataIndex: 'row' },
    ...PERSONNEL_IMPORT_COLUMNS.map((column: PersonnelImportColumn) => ({
      key: column,
      title: PERSONNEL_IMPORT_HEADERS[column][language],
      render: (_: unknown, row: PreviewRow) => (
        <span className={badFields(row).has(column) ? 'personnel-import__cell--invalid' : undefined}>
          {row.values[column]}
        </span>
      ),
    })),
    {
      key: 'errors',
      title: t('personnel:import.errors'),
      width: 260,
      fixed: 'right',
      render: (_, row) =>
        row.errors.length === 0 ? (
          <Typography.Text type="success">{t('personnel:import.ok')}</Typography.Text>
        ) : (
          <ul className="personnel-import__errors" data-testid={`personnel-import-errors-${row.row}`}>
            {row.errors.map((error) => (
              <li key={`${error.field}-${error.key}`}>
                <Typography.Text type="danger">
                  {PERSONNEL_IMPORT_HEADERS[error.field as PersonnelImportColumn]?.[language] ?? error.field}
                  ：{error.message}
                </Typography.Text>
              </li>
            ))}
          </ul>
        ),
    },
  ];
  return (
    <>
      <Alert
        type={preview.invalid > 0 ? 'warning' : 'success'}
        showIcon
        className="personnel-import__alert"
        title={t('personnel:import.summary', {
          total: rows.length,
          valid: preview.valid,
          invalid: preview.invalid,
        })}
        description={preview.invalid > 0 ? t('personnel:import.fixFirst') : undefined}
        data-testid="personnel-import-summary"
      />
      <Table<PreviewRow>
        rowKey="row"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 1600 }}
        locale={{ emptyText: t('personnel:import.empty') }}
        onRow={(row) =>
          ({
            'data-testid': `personnel-import-row-${row.row}`,
            'data-invalid': row.errors.length > 0,
            className: row.errors.length > 0 ? 'personnel-import__row--invalid' : undefined,
          }) as HTMLAttributes<HTMLElement>
        }
      />
    </>
  );
}
