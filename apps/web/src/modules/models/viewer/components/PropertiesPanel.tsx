import { FileTextOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { Language } from '@lintel/contracts';
import { elementDisplayName, ifcClassLabel } from '@lintel/contracts/ifc';
import {
  type AttributeDisplay,
  ELEMENT_BASIC_ATTRIBUTE_LABELS,
  ELEMENT_BASIC_ATTRIBUTES,
  ELEMENT_DISCIPLINE_LABELS,
  type ElementBasicAttribute,
  type ModelElementDetail,
  type ModelElementsRef,
  type PropertySet,
} from '@lintel/contracts/models';
import { Alert, Button, Collapse, Descriptions, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../../app/useLanguage';
import { errorMessage } from '../../../../lib/errors';
import { isHttpError } from '../../../../lib/http';
import { useContactSheetRight } from '../../../contactsheets/api';
import { useTopicRight } from '../../../topics/api';
import '../../../topics/locales';
import { StateTag } from '../../../topics/components/TopicTags';
import { newTopicPath, topicPath } from '../../../topics/paths';
import { useAttributeDisplay, useElement, useElementTopics, useModelRight, useSpatialTree } from '../../api';
import { countRefs } from '../engine/refs';
import { storeyInTree } from '../spatialTree';

// The topic form beside the model, fetched when someone raises a problem.
const RaiseTopicForm = lazy(() => import('./RaiseTopicForm'));
const RaiseSheetForm = lazy(() => import('./RaiseSheetForm'));

// The list engineer's QR dialog, only fetched when someone opens it.
const ElementQrDialog = lazy(() =>
  import('../../components/ElementQrDialog').then((module) => ({ default: module.ElementQrDialog })),
);

type RaiseKind = 'topic' | 'sheet';

const label = (value: { name: string; nameEn: string }, language: Language) =>
  language === 'en-US' ? value.nameEn : value.name;

/** The basic attributes the project's attribute display shows, in its order, with their values. */
export function basicAttributes(element: ModelElementDetail, display: AttributeDisplay | undefined) {
  const names: readonly ElementBasicAttribute[] = display?.basic ?? ELEMENT_BASIC_ATTRIBUTES;
  return names.map((name) => ({ name, value: element[name] }));
}

/**
 * The property sets the attribute display allows: all of them (null), or the chosen sets in the chosen
 * order, each with all its properties (null) or the chosen ones.
 */
export function visiblePropertySets(
  sets: readonly PropertySet[],
  display: AttributeDisplay | undefined,
): PropertySet[] {
  if (!display?.propertySets) return [...sets];
  return display.propertySets.flatMap((chosen) => {
    const set = sets.find((item) => item.name === chosen.name);
    if (!set) return [];
    if (!chosen.properties) return [set];
    const wanted = chosen.properties;
    const properties = wanted.flatMap((name) => set.properties.filter((property) => property.name === name));
    return properties.length > 0 ? [{ name: set.name, properties }] : [];
  });
}

function formatValue(value: string | number | boolean | null, t: (key: string) => string) {
  if (value === null || value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  if (typeof value === 'boolean')
    return value ? t('modelViewer:properties.yes') : t('modelViewer:properties.no');
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(10));
  return value;
}

interface PropertiesPanelProps {
  projectId: string;
  selection: ModelElementsRef[];
  /** The version of the element's model that is loaded (its properties are read from that version). */
  versionOf: (modelId: string) => string | undefined;
  modelName: (modelId: string) => string;
}

/** What is selected: one element's attributes, property sets and topics, or how many are selected. */
export function PropertiesPanel({ projectId, selection, versionOf, modelName }: PropertiesPanelProps) {
  const { t } = useTranslation();
  const count = countRefs(selection);
  if (count === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('modelViewer:selection.none')}
        data-testid="viewer-properties-empty"
      />
    );
  if (count > 1)
    return (
      <div data-testid="viewer-properties-many">
        <Typography.Text strong>{t('modelViewer:selection.count', { count })}</Typography.Text>
        <List
          size="small"
          dataSource={selection}
          renderItem={(ref) => (
            <List.Item>
              {modelName(ref.modelId)}
              <Tag>{ref.globalIds.length}</Tag>
            </List.Item>
          )}
        />
      </div>
    );
  const [ref] = selection as [ModelElementsRef];
  const globalId = ref.globalIds[0] as string;
  return (
    <ElementProperties
      key={`${ref.modelId}:${globalId}`}
      projectId={projectId}
      modelId={ref.modelId}
      globalId={globalId}
      versionId={versionOf(ref.modelId)}
      modelName={modelName(ref.modelId)}
    />
  );
}

interface ElementPropertiesProps {
  projectId: string;
  modelId: string;
  globalId: string;
  versionId: string | undefined;
  modelName: string;
}

function ElementProperties({ projectId, modelId, globalId, versionId, modelName }: ElementPropertiesProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const element = useElement(projectId, modelId, globalId, versionId);
  const display = useAttributeDisplay(projectId);
  // An element with no storey of its own (in a space, part of a stair) takes the one above it in the tree;
  // the tree is the one the tree panel reads (cached), asked for only when needed.
  const needsTree = element.data !== undefined && !element.data.storey;
  const tree = useSpatialTree(projectId, needsTree ? modelId : '', versionId);
  const [qrOpen, setQrOpen] = useState(false);
  // The form open beside the element (a problem or a contact sheet); another element selected closes it.
  const [raising, setRaising] = useState<{ key: string; kind: RaiseKind } | null>(null);
  const key = `${modelId}:${globalId}`;
  const open = raising?.key === key ? raising.kind : null;
  const toggleRaise = (kind: RaiseKind) => setRaising(open === kind ? null : { key, kind });

  if (element.isPending || display.isPending)
    return <Skeleton active data-testid="viewer-properties-loading" />;
  if (element.isError) {
    const missing = isHttpError(element.error) && element.error.status === 404;
    return (
      <Alert
        type={missing ? 'info' : 'error'}
        showIcon
        data-testid="viewer-properties-error"
        title={missing ? t('modelViewer:properties.notIndexed') : errorMessage(element.error, t)}
        description={<Typography.Text copyable>{globalId}</Typography.Text>}
        action={
          missing ? undefined : (
            <Button size="small" onClick={() => void element.refetch()}>
              {t('common:action.retry')}
            </Button>
          )
        }
      />
    );
  }
  const detail = element.data;
  const attributes = basicAttributes(detail, display.data);
  const sets = visiblePropertySets(detail.propertySets, display.data);

  const storey = detail.storey || (tree.data ? storeyInTree(tree.data, globalId) : null);
  const shownValue = (name: ElementBasicAttribute, value: string | null) => {
    if (name === 'discipline' && value) return label(ELEMENT_DISCIPLINE_LABELS[detail.discipline], language);
    if (name === 'ifcClass' && value) {
      // The class in words, and the IFC name beside it (unless there are no words for it).
      const words = ifcClassLabel(value, language);
      return (
        <span data-testid="viewer-element-class">
          {words === value ? (
            value
          ) : (
            <>
              {words}{' '}
              <Typography.Text type="secondary" className="viewer-properties__ifc-class">
                {value}
              </Typography.Text>
            </>
          )}
        </span>
      );
    }
    if (name === 'storey') return formatValue(storey, t);
    if (name === 'globalId') return <Typography.Text copyable>{value}</Typography.Text>;
    return formatValue(value, t);
  };

  return (
    <div className="viewer-properties" data-testid="viewer-properties">
      <Typography.Title level={5} className="viewer-properties__title" data-testid="viewer-element-name">
        {elementDisplayName(detail, language)}
      </Typography.Title>
      <Typography.Text type="secondary">{modelName}</Typography.Text>
      <ElementActions
        projectId={projectId}
        modelId={modelId}
        globalId={globalId}
        open={open}
        onRaise={toggleRaise}
        onQr={() => setQrOpen(true)}
      />
      {open && (
        <Suspense fallback={<Skeleton active />}>
          {open === 'topic' ? (
            <RaiseTopicForm
              key={key}
              projectId={projectId}
              modelId={modelId}
              globalId={globalId}
              elementName={elementDisplayName(detail, language)}
              onDone={() => setRaising(null)}
            />
          ) : (
            <RaiseSheetForm
              key={key}
              projectId={projectId}
              modelId={modelId}
              elementName={elementDisplayName(detail, language)}
              onDone={() => setRaising(null)}
            />
          )}
        </Suspense>
      )}
      <Descriptions
        size="small"
        column={1}
        bordered
        title={t('modelViewer:properties.basic')}
        items={attributes.map(({ name, value }) => ({
          key: name,
          label: label(ELEMENT_BASIC_ATTRIBUTE_LABELS[name], language),
          children: shownValue(name, value),
        }))}
      />
      <Typography.Title level={5} className="viewer-properties__section">
        {t('modelViewer:properties.propertySets')}
      </Typography.Title>
      {sets.length === 0 ? (
        <Typography.Text type="secondary">{t('modelViewer:properties.noPropertySets')}</Typography.Text>
      ) : (
        <Collapse
          size="small"
          defaultActiveKey={sets.slice(0, 2).map((set) => set.name)}
          items={sets.map((set) => ({
            key: set.name,
            label: set.name,
            children: (
              <Descriptions
                size="small"
                column={1}
                items={set.properties.map((property, index) => ({
                  key: `${property.name}-${index}`,
                  label: property.name,
                  children: formatValue(property.value, t),
                }))}
              />
            ),
          }))}
        />
      )}
      <ElementTopics projectId={projectId} modelId={modelId} globalId={globalId} />
      {qrOpen && (
        <Suspense fallback={null}>
          <ElementQrDialog
            projectId={projectId}
            modelId={modelId}
            globalId={globalId}
            open={qrOpen}
            onClose={() => setQrOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The topic form opens with the element linked (`link=element:<modelId>:<globalId>`). */
export function newElementTopicPath(projectId: string, modelId: string, globalId: string) {
  const search = new URLSearchParams({ link: `element:${modelId}:${globalId}` });
  return `${newTopicPath(projectId)}?${search.toString()}`;
}

function ElementActions(props: {
  projectId: string;
  modelId: string;
  globalId: string;
  open: RaiseKind | null;
  onRaise: (kind: RaiseKind) => void;
  onQr: () => void;
}) {
  const { t } = useTranslation();
  const canCreateTopic = useTopicRight(props.projectId, 'create');
  const canCreateSheet = useContactSheetRight(props.projectId, 'create');
  // Sharing an element publishes its attributes: the same right as editing the model's data.
  const canShare = useModelRight(props.projectId, 'edit');
  return (
    <Space wrap className="viewer-properties__actions">
      {canCreateTopic.data === true && (
        // The form opens beside the model; its page (more room) stays one click away.
        <>
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            aria-expanded={props.open === 'topic'}
            onClick={() => props.onRaise('topic')}
            data-testid="viewer-create-topic"
          >
            {t('modelViewer:topics.create')}
          </Button>
          <Link
            to={newElementTopicPath(props.projectId, props.modelId, props.globalId)}
            data-testid="viewer-create-topic-page"
          >
            {t('modelViewer:raise.onPage')}
          </Link>
        </>
      )}
      {canCreateSheet.data === true && (
        <Button
          size="small"
          icon={<FileTextOutlined />}
          aria-expanded={props.open === 'sheet'}
          onClick={() => props.onRaise('sheet')}
          data-testid="viewer-create-sheet"
        >
          {t('modelViewer:raise.sheet')}
        </Button>
      )}
      {canShare.data === true && (
        <Button size="small" icon={<QrcodeOutlined />} onClick={props.onQr} data-testid="viewer-element-qr">
          {t('modelViewer:properties.qr')}
        </Button>
      )}
    </Space>
  );
}

function ElementTopics({
  projectId,
  modelId,
  globalId,
}: {
  projectId: string;
  modelId: string;
  globalId: string;
}) {
  const { t } = useTranslation();
  const topics = useElementTopics(projectId, modelId, globalId);
  return (
    <section className="viewer-properties__topics" data-testid="viewer-element-topics">
      <Typography.Title level={5} className="viewer-properties__section">
        {t('modelViewer:topics.title')}
      </Typography.Title>
      {topics.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : topics.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(topics.error, t)}
          action={
            <Button size="small" onClick={() => void topics.refetch()}>
              {t('common:action.retry')}
            </Button>
          }
        />
      ) : topics.data.length === 0 ? (
        <Typography.Text type="secondary">{t('modelViewer:topics.none')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={topics.data}
          renderItem={(topic) => (
            <List.Item key={topic._id}>
              <Link to={topicPath(projectId, topic._id)}>
                #{topic.number} {topic.name}
              </Link>
              {/* The topics module's own tag: a state has one colour everywhere (handling delayed in red). */}
              <StateTag
                state={topic.state}
                delay={topic.delay}
                delayDays={topic.delayDays}
                testId={`viewer-topic-state-${topic._id}`}
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
