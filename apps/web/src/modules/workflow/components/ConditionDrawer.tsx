import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  type EdgeCondition,
  WORKFLOW_MAX_CONDITION_VALUES,
  WORKFLOW_MAX_CONDITIONS,
} from '@lintel/contracts/workflow';
import { Button, Drawer, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One condition as typed: every operator's inputs kept, so switching the operator loses nothing. */
export interface ConditionDraft {
  field: string;
  op: ConditionOperator;
  text: string;
  amount: number | null;
  values: string[];
  min: number | null;
  max: number | null;
}

const NUMERIC: ConditionOperator[] = ['gt', 'gte', 'lt', 'lte'];

export function toDraft(condition: EdgeCondition): ConditionDraft {
  const draft: ConditionDraft = {
    field: condition.field,
    op: condition.op,
    text: '',
    amount: null,
    values: [],
    min: null,
    max: null,
  };
  if ('value' in condition) {
    if (typeof condition.value === 'number') draft.amount = condition.value;
    draft.text = String(condition.value);
  }
  if ('values' in condition) draft.values = condition.values.map(String);
  if (condition.op === 'between') {
    draft.min = condition.min;
    draft.max = condition.max;
  }
  return draft;
}

export type DraftError = 'fieldRequired' | 'valueRequired' | 'valuesRequired' | 'rangeRequired';

/** The condition a draft stands for, or what is missing. Compare-by-size takes a number; equals takes text. */
export function fromDraft(draft: ConditionDraft): EdgeCondition | DraftError {
  const field = draft.field.trim();
  if (!field) return 'fieldRequired';
  switch (draft.op) {
    case 'empty':
    case 'notEmpty':
      return { field, op: draft.op };
    case 'in':
    case 'notIn': {
      const values = draft.values.map((value) => value.trim()).filter(Boolean);
      return values.length > 0 ? { field, op: draft.op, values } : 'valuesRequired';
    }
    case 'between':
      return draft.min === null && draft.max === null
        ? 'rangeRequired'
        : { field, op: 'between', min: draft.min, max: draft.max };
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return draft.amount === null ? 'valueRequired' : { field, op: draft.op, value: draft.amount };
    default:
      return draft.text.trim() === '' ? 'valueRequired' : { field, op: draft.op, value: draft.text.trim() };
  }
}

interface Props {
  title: string;
  conditions: EdgeCondition[];
  onApply: (conditions: EdgeCondition[]) => void;
  onClose: () => void;
}

const blank = (): ConditionDraft => ({
  field: '',
  op: 'eq',
  text: '',
  amount: null,
  values: [],
  min: null,
  max: null,
});

/** The conditions of one branch (all must hold), over form fields named by key. */
export function ConditionDrawer({ title, conditions, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<ConditionDraft[]>(() =>
    conditions.length > 0 ? conditions.map(toDraft) : [blank()],
  );
  const [tried, setTried] = useState(false);
  const results = drafts.map(fromDraft);
  const set = (index: number, patch: Partial<ConditionDraft>) =>
    setDrafts(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));

  const apply = () => {
    setTried(true);
    if (results.some((result) => typeof result === 'string')) return;
    onApply(results as EdgeCondition[]);
  };

  return (
    <Drawer
      open
      title={title}
      onClose={onClose}
      destroyOnHidden
      size={520}
      footer={
        <Button type="primary" onClick={apply} data-testid="condition-apply">
          {t('workflow:condition.apply')}
        </Button>
      }
      data-testid="condition-drawer"
    >
      <Typography.Paragraph type="secondary">{t('workflow:condition.hint')}</Typography.Paragraph>
      {drafts.map((draft, index) => {
        const result = results[index];
        const error = tried && typeof result === 'string' ? t(`workflow:condition.${result}`) : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no identity beyond their place
          <fieldset className="wf-condition" key={index} data-testid={`condition-${index}`}>
            <div className="wf-condition__row">
              <Input
                className="wf-condition__field"
                placeholder={t('workflow:condition.field')}
                aria-label={t('workflow:condition.field')}
                maxLength={64}
                value={draft.field}
                onChange={(event) => set(index, { field: event.target.value })}
                data-testid={`condition-field-${index}`}
              />
              <Select<ConditionOperator>
                className="wf-condition__op"
                aria-label={t('workflow:condition.op')}
                value={draft.op}
                onChange={(op) => set(index, { op })}
                options={CONDITION_OPERATORS.map((op) => ({
                  value: op,
                  label: t(`workflow:condition.ops.${op}`),
                }))}
                data-testid={`condition-op-${index}`}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('workflow:condition.remove')}
                onClick={() => setDrafts(drafts.filter((_, at) => at !== index))}
              />
            </div>
            <div className="wf-condition__row">
              {draft.op === 'eq' || draft.op === 'ne' ? (
                <Input
                  placeholder={t('workflow:condition.value')}
                  aria-label={t('workflow:condition.value')}
                  maxLength={200}
                  value={draft.text}
                  onChange={(event) => set(index, { text: event.target.value })}
                  data-testid={`condition-text-${index}`}
                />
              ) : null}
              {NUMERIC.includes(draft.op) ? (
                <InputNumber<number>
                  className="wf-condition__number"
                  placeholder={t('workflow:condition.value')}
                  aria-label={t('workflow:condition.value')}
                  value={draft.amount}
                  onChange={(amount) => set(index, { amount: amount ?? null })}
                  data-testid={`condition-amount-${index}`}
                />
              ) : null}
              {draft.op === 'in' || draft.op === 'notIn' ? (
                <Select<string[]>
                  mode="tags"
                  className="wf-condition__values"
                  placeholder={t('workflow:condition.values')}
                  aria-label={t('workflow:condition.values')}
                  value={draft.values}
                  maxCount={WORKFLOW_MAX_CONDITION_VALUES}
                  onChange={(values) => set(index, { values })}
                  open={false}
                  data-testid={`condition-values-${index}`}
                />
              ) : null}
              {draft.op === 'between' ? (
                <>
                  <InputNumber<number>
                    placeholder={t('workflow:condition.min')}
                    aria-label={t('workflow:condition.min')}
                    value={draft.min}
                    onChange={(min) => set(index, { min: min ?? null })}
                    data-testid={`condition-min-${index}`}
                  />
                  <InputNumber<number>
                    placeholder={t('workflow:condition.max')}
                    aria-label={t('workflow:condition.max')}
                    value={draft.max}
                    onChange={(max) => set(index, { max: max ?? null })}
                    data-testid={`condition-max-${index}`}
                  />
                </>
              ) : null}
            </div>
            {error ? (
              <div className="wf-condition__error" role="alert">
                {error}
              </div>
            ) : null}
          </fieldset>
        );
      })}
      {drafts.length === 0 ? (
        <Typography.Paragraph>{t('workflow:condition.none')}</Typography.Paragraph>
      ) : null}
      <Button
        icon={<PlusOutlined />}
        disabled={drafts.length >= WORKFLOW_MAX_CONDITIONS}
        onClick={() => setDrafts([...drafts, blank()])}
        data-testid="condition-add"
      >
        {t('workflow:condition.add')}
      </Button>
    </Drawer>
  );
}
