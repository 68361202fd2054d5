import { PlusOutlined } from '@ant-design/icons';
import { PERSONNEL_SETTING_NAME_MAX_LENGTH } from '@lintel/contracts/personnel';
import { App, Button, Form, Input, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDanger } from '../../../components/ConfirmDanger';
import { errorMessage } from '../../../lib/errors';

/** A refusal decided in the page (not by the server): its message is shown as is. */
export class LocalRefusal extends Error {}

const refusalText = (error: unknown, t: Parameters<typeof errorMessage>[1]) =>
  error instanceof LocalRefusal ? error.message : errorMessage(error, t);

export interface NamedRow {
  _id: string;
  name: string;
}

export interface NameListProps<T extends NamedRow> {
  /** Prefix of the test ids (`${testId}-add-input`, `${testId}-name-${id}` …). */
  testId: string;
  rows: readonly T[];
  loading: boolean;
  placeholder: string;
  emptyText: string;
  /** Resolves when added; a refusal is shown at the name field (a duplicate name, spec 001 §5). */
  onAdd: (name: string) => Promise<unknown>;
  onRename: (row: T, name: string) => Promise<unknown>;
  onDelete: (row: T) => Promise<unknown>;
  deleteTitle: (row: T) => string;
  deleteWarning?: string;
  /** A reason the row cannot be deleted (its delete button is then disabled with the reason as its title). */
  deleteLocked?: (row: T) => string | null;
  extraColumns?: TableColumnsType<T>;
  /** More actions before rename and delete. */
  extraActions?: (row: T) => ReactNode;
  /** antd's expandable settings: nested rows (violation items) or a tree (units). */
  expandable?: TableProps<T>['expandable'];
}

export function useNameRules() {
  const { t } = useTranslation();
  return [
    { required: true, whitespace: true, message: t('personnel:settings.nameRequired') },
    { max: PERSONNEL_SETTING_NAME_MAX_LENGTH },
  ];
}

/** A settings list of named records: add above, rename in place, delete after a confirmation. */
export function NameList<T extends NamedRow>(props: NameListProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { testId, rows, onAdd, onRename, onDelete, deleteLocked } = props;
  const [addForm] = Form.useForm<{ name: string }>();
  const [renameForm] = Form.useForm<{ name: string }>();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = useNameRules();

  const add = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      await onAdd(name.trim());
      addForm.resetFields();
      void message.success(t('personnel:settings.added'));
    } catch (error) {
      addForm.setFields([{ name: 'name', errors: [refusalText(error, t)] }]);
    } finally {
      setBusy(false);
    }
  };

  const rename = async (row: T, { name }: { name: string }) => {
    try {
      await onRename(row, name.trim());
      setEditing(null);
      void message.success(t('personnel:settings.saved'));
    } catch (error) {
      renameForm.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
    }
  };

  const columns: TableColumnsType<T> = [
    {
      key: 'name',
      title: t('personnel:settings.name'),
      render: (_, row) =>
        editing === row._id ? (
          <Form form={renameForm} layout="inline" onFinish={(values) => void rename(row, values)}>
            <Form.Item name="name" rules={rules}>
              <Input
                autoFocus
                maxLength={PERSONNEL_SETTING_NAME_MAX_LENGTH}
                aria-label={t('personnel:settings.name')}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setEditing(null);
                }}
                data-testid={`${testId}-rename-input-${row._id}`}
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid={`${testId}-rename-save-${row._id}`}>
                {t('personnel:action.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('personnel:action.cancel')}</Button>
            </Space>
          </Form>
        ) : (
          <span data-testid={`${testId}-name-${row._id}`}>{row.name}</span>
        ),
    },
    ...(props.extraColumns ?? []),
    {
      key: 'actions',
      title: t('personnel:settings.actions'),
      width: 260,
      render: (_, row) => {
        const locked = deleteLocked?.(row) ?? null;
        return (
          <Space size={0} wrap>
            {props.extraActions?.(row)}
            <Button
              type="link"
              size="small"
              onClick={() => {
                renameForm.setFieldsValue({ name: row.name });
                setEditing(row._id);
              }}
              data-testid={`${testId}-rename-${row._id}`}
            >
              {t('personnel:action.rename')}
            </Button>
            {locked ? (
              <Button type="link" size="small" danger disabled title={locked}>
                {t('personnel:action.delete')}
              </Button>
            ) : (
              <ConfirmDanger
                title={props.deleteTitle(row)}
                description={props.deleteWarning}
                okTestId={`${testId}-delete-ok-${row._id}`}
                onConfirm={() =>
                  onDelete(row).then(
                    () => void message.success(t('personnel:settings.deleted')),
                    (error: unknown) => void message.error(errorMessage(error, t)),
                  )
                }
              >
                <Button type="link" size="small" danger data-testid={`${testId}-delete-${row._id}`}>
                  {t('personnel:action.delete')}
                </Button>
              </ConfirmDanger>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div data-testid={testId}>
      <Form
        form={addForm}
        layout="inline"
        onFinish={(values) => void add(values)}
        className="personnel-settings__add"
      >
        <Form.Item name="name" rules={rules}>
          <Input
            maxLength={PERSONNEL_SETTING_NAME_MAX_LENGTH}
            placeholder={props.placeholder}
            aria-label={props.placeholder}
            data-testid={`${testId}-add-input`}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          loading={busy}
          data-testid={`${testId}-add`}
        >
          {t('personnel:action.add')}
        </Button>
      </Form>
      <Table<T>
        rowKey="_id"
        columns={columns}
        dataSource={[...rows]}
        loading={props.loading}
        pagination={false}
        size="middle"
        locale={{ emptyText: props.emptyText }}
        expandable={props.expandable}
      />
    </div>
  );
}
