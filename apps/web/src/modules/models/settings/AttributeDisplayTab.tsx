import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ATTRIBUTE_DISPLAY_ENTRIES_MAX,
  type AttributeDisplay,
  ELEMENT_BASIC_ATTRIBUTES,
  type ElementBasicAttribute,
} from '@lintel/contracts/models';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Empty,
  List,
  Radio,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/project/RetryAlert';
import { useDirtyFlag } from '../../../components/UnsavedChanges';
import { errorMessage } from '../../../lib/errors';
import { useAllModels, useAttributeDisplay, useSaveAttributeDisplay } from '../api';
import { usePropertySuggestions } from './propertySuggestions';
import { SettingsLoadError } from './SettingsLoadError';

type Entry = { name: string; properties: string[] | null };
/** The property sets a project shows: every one (null) or these, in this order. */
type Draft = { basic: ElementBasicAttribute[]; propertySets: Entry[] | null };

const NAME_MAX = 100;
const PROPERTIES_MAX = 200;

/** The draft's problems, as texts keys; empty when it can be saved. */
function problemsOf(draft: Draft): string[] {
  const problems: string[] = [];
  if (draft.propertySets !== null) {
    if (draft.propertySets.length === 0) problems.push('models:attributes.problem.noSets');
    if (draft.propertySets.some((set) => set.properties !== null && set.properties.length === 0))
      problems.push('models:attributes.problem.noProperties');
  }
  return problems;
}

const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Which basic attributes and which property sets (all of a set, or chosen properties) the properties panel
 * and the element QR page show. Names can be typed or picked from those found in one of the project's models.
 */
export function AttributeDisplayTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const saved = useAttributeDisplay(projectId);
  const save = useSaveAttributeDisplay(projectId);
  const models = useAllModels(projectId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [sourceModel, setSourceModel] = useState<string | null>(null);
  const [newSet, setNewSet] = useState('');
  const suggestions = usePropertySuggestions(sourceModel);

  const base = useMemo<Draft | null>(
    () =>
      saved.data
        ? {
            basic: [...saved.data.basic],
            propertySets:
              saved.data.propertySets?.map((set) => ({ name: set.name, properties: set.properties })) ?? null,
          }
        : null,
    [saved.data],
  );
  // The form starts from what is saved, and again after a save.
  useEffect(() => {
    if (base) setDraft(base);
  }, [base]);
  const dirty = draft !== null && base !== null && !same(draft, base);
  useDirtyFlag(dirty);

  const readyModels = (models.data ?? []).filter((model) => model.currentVersion.status === 'ready');

  if (saved.isError) return <SettingsLoadError error={saved.error} onRetry={() => void saved.refetch()} />;
  if (!draft) return <Spin data-testid="attributes-loading" />;

  const sets = draft.propertySets;
  const problems = problemsOf(draft);
  const setNames = [...(suggestions.data?.keys() ?? [])];
  const chosen = new Set(sets?.map((set) => set.name) ?? []);

  const patchSets = (next: Entry[] | null) => setDraft({ ...draft, propertySets: next });
  const patchEntry = (index: number, entry: Partial<Entry>) =>
    patchSets(sets!.map((set, i) => (i === index ? { ...set, ...entry } : set)));
  const move = (index: number, by: number) => {
    const next = [...sets!];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    patchSets(next);
  };
  const addSet = (name: string) => {
    const trimmed = name.trim().slice(0, NAME_MAX);
    if (!trimmed || !sets) return;
    if (chosen.has(trimmed)) {
      void message.warning(t('models:attributes.setExists', { name: trimmed }));
      return;
    }
    if (sets.length >= ATTRIBUTE_DISPLAY_ENTRIES_MAX) {
      void message.warning(t('models:attributes.tooManySets', { max: ATTRIBUTE_DISPLAY_ENTRIES_MAX }));
      return;
    }
    patchSets([...sets, { name: trimmed, properties: null }]);
    setNewSet('');
  };

  const submit = async () => {
    const body: AttributeDisplay = {
      basic: draft.basic,
      propertySets: draft.propertySets,
    };
    try {
      await save.mutateAsync(body);
      void message.success(t('models:attributes.saved'));
    } catch (error) {
      void message.error(errorMessage(error, t));
    }
  };

  return (
    <div data-testid="attribute-display">
      <Card title={t('models:attributes.basicTitle')} size="small" className="models-attributes__section">
        <Checkbox.Group<ElementBasicAttribute>
          value={draft.basic}
          onChange={(basic) =>
            // Kept in the contracts' order whatever order they were ticked in.
            setDraft({ ...draft, basic: ELEMENT_BASIC_ATTRIBUTES.filter((name) => basic.includes(name)) })
          }
          options={ELEMENT_BASIC_ATTRIBUTES.map((name) => ({
            value: name,
            label: <span data-testid={`attribute-basic-${name}`}>{t(`models:attribute.${name}`)}</span>,
          }))}
        />
      </Card>
      <Card title={t('models:attributes.setsTitle')} size="small" className="models-attributes__section">
        <Radio.Group
          value={sets === null ? 'all' : 'chosen'}
          onChange={(event) => patchSets(event.target.value === 'all' ? null : (sets ?? []))}
          data-testid="attribute-sets-mode"
        >
          <Radio value="all" data-testid="attribute-sets-all">
            {t('models:attributes.allSets')}
          </Radio>
          <Radio value="chosen" data-testid="attribute-sets-chosen">
            {t('models:attributes.chosenSets')}
          </Radio>
        </Radio.Group>
        {sets !== null ? (
          <div className="models-attributes__section">
            <Typography.Paragraph type="secondary" className="models-attributes__actions">
              {t('models:attributes.sourceHint')}
            </Typography.Paragraph>
            <Space wrap>
              <Select<string>
                allowClear
                showSearch
                optionFilterProp="label"
                value={sourceModel ?? undefined}
                placeholder={t('models:attributes.sourceModel')}
                notFoundContent={t('models:attributes.noReadyModel')}
                loading={models.isPending}
                onChange={(id) => setSourceModel(id ?? null)}
                options={readyModels.map((model) => ({ value: model._id, label: model.name }))}
                className="models-filters__select"
                aria-label={t('models:attributes.sourceModel')}
                data-testid="attribute-source-model"
              />
              {suggestions.isFetching ? <Spin size="small" /> : null}
              {suggestions.data ? (
                <Typography.Text type="secondary" data-testid="attribute-source-found">
                  {t('models:attributes.found', { count: suggestions.data.size })}
                </Typography.Text>
              ) : null}
            </Space>
            {suggestions.isError ? (
              <RetryAlert error={suggestions.error} onRetry={() => void suggestions.refetch()} />
            ) : null}
            <Space.Compact className="models-attributes__actions">
              <AutoComplete
                value={newSet}
                onChange={setNewSet}
                onSelect={(name: string) => addSet(name)}
                options={setNames.filter((name) => !chosen.has(name)).map((name) => ({ value: name }))}
                filterOption={(input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase())
                }
                placeholder={t('models:attributes.addSetPlaceholder')}
                aria-label={t('models:attributes.addSetPlaceholder')}
                maxLength={NAME_MAX}
                className="models-filters__keyword"
                data-testid="attribute-set-input"
                onKeyDown={(event) => {
                  if (event.key === 'Enter') addSet(newSet);
                }}
              />
              <Button icon={<PlusOutlined />} onClick={() => addSet(newSet)} data-testid="attribute-set-add">
                {t('models:settings.add')}
              </Button>
            </Space.Compact>
            {sets.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('models:attributes.noSets')} />
            ) : (
              <List
                size="small"
                className="models-attributes__actions"
                dataSource={sets}
                renderItem={(set, index) => {
                  const known = suggestions.data?.get(set.name) ?? [];
                  return (
                    <List.Item
                      data-testid={`attribute-set-${set.name}`}
                      actions={[
                        <Button
                          key="up"
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0}
                          aria-label={t('models:attributes.moveUp', { name: set.name })}
                          onClick={() => move(index, -1)}
                        />,
                        <Button
                          key="down"
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          disabled={index === sets.length - 1}
                          aria-label={t('models:attributes.moveDown', { name: set.name })}
                          onClick={() => move(index, 1)}
                        />,
                        <Button
                          key="remove"
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('models:attributes.removeSet', { name: set.name })}
                          onClick={() => patchSets(sets.filter((_, i) => i !== index))}
                          data-testid={`attribute-set-remove-${set.name}`}
                        />,
                      ]}
                    >
                      <div className="models-uploads__item models-attributes__set">
                        <Typography.Text strong>{set.name}</Typography.Text>
                        <div>
                          <Radio.Group
                            size="small"
                            value={set.properties === null ? 'all' : 'chosen'}
                            onChange={(event) =>
                              patchEntry(index, { properties: event.target.value === 'all' ? null : [] })
                            }
                          >
                            <Radio value="all">{t('models:attributes.allProperties')}</Radio>
                            <Radio value="chosen" data-testid={`attribute-set-chosen-${set.name}`}>
                              {t('models:attributes.chosenProperties')}
                            </Radio>
                          </Radio.Group>
                        </div>
                        {set.properties !== null ? (
                          <Select<string[]>
                            mode="tags"
                            value={set.properties}
                            maxCount={PROPERTIES_MAX}
                            onChange={(properties) =>
                              patchEntry(index, {
                                properties: [
                                  ...new Set(properties.map((name) => name.trim().slice(0, NAME_MAX))),
                                ].filter(Boolean),
                              })
                            }
                            options={known.map((name) => ({ value: name, label: name }))}
                            placeholder={t('models:attributes.propertiesPlaceholder')}
                            aria-label={t('models:attributes.propertiesOf', { name: set.name })}
                            className="models-attributes__properties"
                            data-testid={`attribute-properties-${set.name}`}
                          />
                        ) : null}
                      </div>
                    </List.Item>
                  );
                }}
              />
            )}
          </div>
        ) : null}
      </Card>
      {problems.map((key) => (
        <Alert key={key} type="warning" showIcon title={t(key)} data-testid="attribute-problem" />
      ))}
      <Space className="models-attributes__actions">
        <Button
          type="primary"
          disabled={!dirty || problems.length > 0}
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="attribute-save"
        >
          {t('models:action.save')}
        </Button>
        <Button disabled={!dirty} onClick={() => base && setDraft(base)} data-testid="attribute-reset">
          {t('models:attributes.reset')}
        </Button>
        {dirty ? <Typography.Text type="warning">{t('models:attributes.unsaved')}</Typography.Text> : null}
      </Space>
    </div>
  );
}
