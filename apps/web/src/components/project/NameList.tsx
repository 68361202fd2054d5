import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { ConfirmDanger } from '../ConfirmDanger';
import './locales';
// Styled by ./projectPage.css, which the stylesheets of the modules using it @import.

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
  /** The longest name the server takes (the module's contract constant). */
  maxLength: number;
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

/** A name typed in a settings list: required, at most `maxLength`. */
export function useNameRules(maxLength: number) {
  const { t } = useTranslation();
  return [
    { required: true, whitespace: true, message: t('projectCommon:nameList.nameRequired') },
    { max: maxLength, message: t('projectCommon:nameList.nameTooLong', { max: maxLength }) },
  ];
}

/**
 * A settings list of named records (topic species, personnel units, crafts …): add above, rename in place,
 * delete after a confirmation.
 */
export function NameList<T extends NamedRow>(props: NameListProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { testId, rows, maxLength, onAdd, onRename, onDelete, deleteLocked } = props;
  const [addForm] = Form.useForm<{ name: string }>();
  const [renameForm] = Form.useForm<{ name: string }>();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const rules = useNameRules(maxLength);

  const add = async ({ name }: { name: string }) => {
    setAdding(true);
    try {
      await onAdd(name.trim());
      addForm.resetFields();
      void message.success(t('projectCommon:nameList.added'));
    } catch (error) {
      addForm.setFields([{ name: 'name', errors: [refusalText(error, t)] }]);
    } finally {
      setAdding(false);
    }
  };

  const rename = async (row: T, { name }: { name: string }) => {
    setRenaming(true);
    try {
      await onRename(row, name.trim());
      setEditing(null);
      void message.success(t('projectCommon:nameList.saved'));
    } catch (error) {
      renameForm.setFields([{ name: 'name', errors: [errorMessage(error, t)] }]);
    } finally {
      setRenaming(false);
    }
  };

  const columns: TableColumnsType<T> = [
    {
      key: 'name',
      title: t('projectCommon:nameList.name'),
      render: (_, row) =>
        editing === row._id ? (
          <Form form={renameForm} layout="inline" onFinish={(values) => void rename(row, values)}>
            <Form.Item name="name" rules={rules}>
              <Input
                autoFocus
                maxLength={maxLength}
                aria-label={t('projectCommon:nameList.name')}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setEditing(null);
                }}
                data-testid={`${testId}-rename-input-${row._id}`}
              />
            </Form.Item>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                loading={renaming}
                data-testid={`${testId}-rename-save-${row._id}`}
              >
                {t('projectCommon:nameList.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('projectCommon:nameList.cancel')}</Button>
            </Space>
          </Form>
        ) : (
          <span data-testid={`${testId}-name-${row._id}`}>{row.name}</span>
        ),
    },
    ...(props.extraColumns ?? []),
    {
      key: 'actions',
      title: t('projectCommon:nameList.actions'),
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
              {t('projectCommon:nameList.rename')}
            </Button>
            {locked ? (
              <Button type="link" size="small" danger disabled title={locked}>
                {t('projectCommon:nameList.delete')}
              </Button>
            ) : (
              <ConfirmDanger
                title={props.deleteTitle(row)}
                description={props.deleteWarning}
                okTestId={`${testId}-delete-ok-${row._id}`}
                onConfirm={() =>
                  onDelete(row).then(
                    () => void message.success(t('projectCommon:nameList.deleted')),
                    (error: unknown) => void message.error(errorMessage(error, t)),
                  )
                }
              >
                <Button type="link" size="small" danger data-testid={`${testId}-delete-${row._id}`}>
                  {t('projectCommon:nameList.delete')}
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
        className="project-name-list__add"
      >
        <Form.Item name="name" rules={rules}>
          <Input
            maxLength={maxLength}
            placeholder={props.placeholder}
            aria-label={props.placeholder}
            data-testid={`${testId}-add-input`}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          loading={adding}
          data-testid={`${testId}-add`}
        >
          {t('projectCommon:nameList.add')}
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
