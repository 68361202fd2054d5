import './locales';
import './viewer.css';
import {
  AimOutlined,
  ArrowLeftOutlined,
  CloseCircleOutlined,
  ExpandOutlined,
  ExperimentOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { FEDERATION_MODELS_MAX } from '@lintel/contracts/models';
import { App, Button, Empty, Result, Select, Space, Tabs, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useAllModels, useModelRight } from '../api';
import { modelsPath } from '../paths';
import { classKey } from './components/classKey';
import { LoadStatus } from './components/LoadStatus';
import type { ViewerModelInfo } from './components/types';
import type { ViewerEngine } from './engine/createViewer';
import { countRefs } from './engine/refs';
import type { ViewerToolsProps } from './engine/types';
import { useViewerKeys, type ViewerCommand } from './keyboard';
import { discardViewerPrefetch, loadEngineModule } from './prefetch';
import { useModelLoading } from './useModelLoading';
import { useViewerEngine, useViewerState } from './useViewerEngine';
import { parseElementParam, parseModelsParam, withElement, withModels } from './viewerSearch';

/** /projects/:projectId/models/viewer?models=a,b&element=<modelId>:<globalId> — the model viewer. */
// The 3D engine (three, That Open) and the tools built on it are chunks of their own. The engine is fetched
// with the page's code (../routes.ts); the tools, with their ~40 files of antd, only once the first frame
// is drawn (or there is nothing to draw): before that they would queue ahead of what the frame needs.
const ViewerTools = lazy(() => import('./tools').then((module) => ({ default: module.ViewerTools })));

// The side panels come after the first frame too (their chunk, their requests, their rendering).
const panels = () => import('./components/panels');
const SpatialTreePanel = lazy(() => panels().then((module) => ({ default: module.SpatialTreePanel })));
const CategoryPanel = lazy(() => panels().then((module) => ({ default: module.CategoryPanel })));
const PropertiesPanel = lazy(() => panels().then((module) => ({ default: module.PropertiesPanel })));

export default function ViewerPage() {
  const { projectId = '' } = useParams();
  // The right is asked for with the workbench's project, not after it (ViewerGate reads the same query).
  useModelRight(projectId, 'view');
  useEffect(() => {
    void loadEngineModule().catch(() => undefined);
    return discardViewerPrefetch;
  }, []);
  return (
    // antd's message and confirmations live in this chunk (see app/providers.tsx).
    <App component={false}>
      <WorkbenchLayout>
        <ViewerGate />
      </WorkbenchLayout>
    </App>
  );
}

function ViewerGate() {
  const { t } = useTranslation();
  const { projectId } = useCurrentProject();
  const canView = useModelRight(projectId, 'view');
  if (canView.isPending) return <PageSpinner />;
  if (canView.data !== true)
    return (
      <Result
        status="403"
        title={t('modelViewer:noRight')}
        extra={
          <Link to={modelsPath(projectId)}>
            <Button>{t('modelViewer:toolbar.back')}</Button>
          </Link>
        }
        data-testid="viewer-no-right"
      />
    );
  // Keyed: another project starts a fresh viewer (engine, framing, panels).
  return <ViewerScreen key={projectId} projectId={projectId} />;
}

function ViewerScreen({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const modelIds = useMemo(() => parseModelsParam(search), [search]);
  const element = useMemo(() => parseElementParam(search.get('element')), [search]);
  const { stageRef, engine, failure } = useViewerEngine(projectId);
  const [state, refreshState] = useViewerState(engine);
  const loading = useModelLoading(engine, modelIds);
  const [panelHost, setPanelHost] = useState<HTMLDivElement | null>(null);
  // On narrow screens (tablets, small laptops) the canvas gets the room first; the tree opens on demand.
  const [leftOpen, setLeftOpen] = useState(() => window.innerWidth >= 1440);
  const [rightOpen, setRightOpen] = useState(true);
  const [hiddenClasses, setHiddenClasses] = useState<ReadonlySet<string>>(new Set());
  const [rendered, setRendered] = useState(false);
  const shownElement = useRef<string | null>(null);
  const framed = useRef(false);

  const replaceSearch = useCallback(
    (next: URLSearchParams) => setSearch(next, { replace: true }),
    [setSearch],
  );

  const openModels: ViewerModelInfo[] = useMemo(
    () =>
      state.models
        .filter((model) => model.fragmentsKey === model.modelId)
        .map((model) => ({
          modelId: model.modelId,
          versionId: model.versionId,
          name: model.name,
          currentVersion: true,
        })),
    [state.models],
  );
  const nameOf = useCallback(
    (modelId: string) =>
      state.models.find((model) => model.modelId === modelId)?.name ??
      loading.states.find((item) => item.modelId === modelId)?.name ??
      modelId,
    [state.models, loading.states],
  );

  // Properties are read from the version on screen: the current one unless only another is open (compare).
  const versionOf = useCallback(
    (modelId: string) =>
      state.models.some((model) => model.fragmentsKey === modelId)
        ? undefined
        : state.models.find((model) => model.modelId === modelId)?.versionId,
    [state.models],
  );

  // After the first models are in: show the URL's element (a topic's "view in model"), else everything.
  const readyCount = loading.states.filter((item) => item.phase === 'ready').length;
  useEffect(() => {
    if (!engine || !loading.settled || readyCount === 0) return;
    const target = element ? `${element.modelId}:${element.globalId}` : null;
    if (framed.current && target === shownElement.current) return;
    const first = !framed.current;
    framed.current = true;
    shownElement.current = target;
    void (async () => {
      if (element && target !== engine.getSelection().map((ref) => `${ref.modelId}:${ref.globalIds[0]}`)[0]) {
        const refs = [{ modelId: element.modelId, globalIds: [element.globalId] }];
        const found = await engine.toModelIdMap(refs);
        if (Object.keys(found).length > 0) await engine.select(refs, { fit: true });
        else {
          void message.warning(t('modelViewer:selection.elementMissing'));
          if (first) await engine.fit(undefined, { animate: false });
        }
      } else if (first) await engine.fit(undefined, { animate: false });
      // The first frame that shows the models' geometry (the browser test and the bench wait for this).
      await engine.whenDrawn();
      setRendered(true);
    })();
  }, [engine, loading.settled, readyCount, element, message, t]);

  // The selected element goes into the address, so back / reload / a shared link reopen it.
  useEffect(() => {
    if (!framed.current) return;
    const [ref] = state.selection;
    const single = state.selection.length === 1 && ref?.globalIds.length === 1 ? ref : null;
    const target = single ? { modelId: single.modelId, globalId: single.globalIds[0] as string } : null;
    const key = target ? `${target.modelId}:${target.globalId}` : null;
    if (key === (search.get('element') ?? null)) return;
    if (!target && state.selection.length > 0) return;
    shownElement.current = key;
    replaceSearch(withElement(search, target));
  }, [state.selection, search, replaceSearch]);

  // Show all (or a fresh start) puts every category back.
  useEffect(() => {
    if (state.hidden.length === 0 && state.isolated === null) setHiddenClasses(new Set());
  }, [state.hidden, state.isolated]);

  const run = useCallback(
    async (command: ViewerCommand, target: ViewerEngine | null = engine) => {
      if (!target) return;
      const selection = target.getSelection();
      try {
        if (command === 'fit') await target.fit(selection.length > 0 ? selection : undefined);
        else if (command === 'clearSelection') await target.select([]);
        else if (command === 'showAll') await target.showAll();
        else if (selection.length === 0) void message.info(t('modelViewer:selection.needed'));
        else if (command === 'hide') {
          await target.hide(selection);
          await target.select([]);
        } else if (command === 'isolate') await target.isolate(selection);
      } catch (error) {
        void message.error(errorMessage(error, t));
      }
    },
    [engine, message, t],
  );
  const onCommand = useCallback((command: ViewerCommand) => void run(command), [run]);
  useViewerKeys(engine !== null, onCommand);

  const toggleCategory = useCallback(
    async (modelId: string, ifcClass: string, visible: boolean) => {
      const copy = engine?.models().find((model) => model.fragmentsKey === modelId);
      if (!engine || !copy) return;
      const escaped = ifcClass.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const found = await copy.model.getItemsOfCategories([new RegExp(`^${escaped}$`, 'i')]);
      const ids = Object.values(found).flat();
      const refs = await engine.toRefs({ [copy.fragmentsKey]: new Set(ids) });
      setHiddenClasses((current) => {
        const next = new Set(current);
        if (visible) next.delete(classKey(modelId, ifcClass));
        else next.add(classKey(modelId, ifcClass));
        return next;
      });
      if (refs.length === 0) return;
      if (visible) await engine.show(refs);
      else await engine.hide(refs);
    },
    [engine],
  );

  // The tools (and their code) and the tree and category panels (their requests, antd's Tree) come once
  // the models are on screen, or when there is nothing to draw: the first frame does not wait for them.
  const toolsDue = rendered || (loading.settled && readyCount === 0);

  const setModels = (ids: string[]) => replaceSearch(withModels(search, ids.slice(0, FEDERATION_MODELS_MAX)));
  const selectionCount = countRefs(state.selection);
  const somethingHidden = state.hidden.length > 0 || state.isolated !== null;

  if (failure)
    return (
      <Result
        status="warning"
        title={t('modelViewer:webgl.title')}
        subTitle={t('modelViewer:webgl.detail')}
        data-testid="viewer-webgl-failed"
      />
    );

  const toolProps: ViewerToolsProps | null = engine
    ? { viewer: engine, panelHost, search, setSearch: replaceSearch }
    : null;

  return (
    <div className="model-viewer" data-testid="model-viewer">
      <div className="model-viewer__toolbar" role="toolbar" aria-label={t('modelViewer:toolbar.label')}>
        <Space wrap size={4}>
          <Link to={modelsPath(projectId)}>
            <Button icon={<ArrowLeftOutlined />} aria-label={t('modelViewer:toolbar.back')}>
              <span className="model-viewer__label">{t('modelViewer:toolbar.back')}</span>
            </Button>
          </Link>
          <ModelPicker projectId={projectId} value={modelIds} onChange={setModels} />
          <Tooltip title={t('modelViewer:toolbar.fitHint')}>
            <Button
              icon={<ExpandOutlined />}
              onClick={() => void run('fit')}
              aria-label={t('modelViewer:toolbar.fit')}
              data-testid="viewer-fit"
            >
              <span className="model-viewer__label">{t('modelViewer:toolbar.fit')}</span>
            </Button>
          </Tooltip>
          <Tooltip title={t('modelViewer:toolbar.hideHint')}>
            <Button
              icon={<EyeInvisibleOutlined />}
              disabled={selectionCount === 0}
              onClick={() => void run('hide')}
              aria-label={t('modelViewer:toolbar.hide')}
              data-testid="viewer-hide"
            >
              <span className="model-viewer__label">{t('modelViewer:toolbar.hide')}</span>
            </Button>
          </Tooltip>
          <Tooltip title={t('modelViewer:toolbar.isolateHint')}>
            <Button
              icon={<AimOutlined />}
              disabled={selectionCount === 0}
              onClick={() => void run('isolate')}
              aria-label={t('modelViewer:toolbar.isolate')}
              data-testid="viewer-isolate"
            >
              <span className="model-viewer__label">{t('modelViewer:toolbar.isolate')}</span>
            </Button>
          </Tooltip>
          <Tooltip title={t('modelViewer:toolbar.showAllHint')}>
            <Button
              icon={<EyeOutlined />}
              disabled={!somethingHidden}
              onClick={() => void run('showAll')}
              aria-label={t('modelViewer:toolbar.showAll')}
              data-testid="viewer-show-all"
            >
              <span className="model-viewer__label">{t('modelViewer:toolbar.showAll')}</span>
            </Button>
          </Tooltip>
          <Tooltip title={t('modelViewer:toolbar.xrayHint')}>
            <Button
              icon={<ExperimentOutlined />}
              type={state.xray ? 'primary' : 'default'}
              aria-pressed={state.xray}
              disabled={!engine}
              onClick={() => void engine?.setXray(!state.xray).then(refreshState)}
              aria-label={t('modelViewer:toolbar.xray')}
              data-testid="viewer-xray"
            >
              <span className="model-viewer__label">{t('modelViewer:toolbar.xray')}</span>
            </Button>
          </Tooltip>
          <Tooltip title={t('modelViewer:toolbar.clearHint')}>
            <Button
              icon={<CloseCircleOutlined />}
              disabled={selectionCount === 0}
              onClick={() => void run('clearSelection')}
              aria-label={t('modelViewer:toolbar.clear')}
              data-testid="viewer-clear-selection"
            >
              <span className="model-viewer__label">{t('modelViewer:toolbar.clear')}</span>
            </Button>
          </Tooltip>
          {toolProps && toolsDue && (
            <Suspense fallback={null}>
              <ViewerTools {...toolProps} />
            </Suspense>
          )}
        </Space>
      </div>
      <div className="model-viewer__body">
        <aside
          className={`model-viewer__side model-viewer__side--left${leftOpen ? '' : ' is-closed'}`}
          aria-label={t('modelViewer:panels.structure')}
        >
          <Button
            type="text"
            size="small"
            className="model-viewer__side-toggle"
            icon={leftOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={leftOpen ? t('modelViewer:panels.hide') : t('modelViewer:panels.show')}
            aria-expanded={leftOpen}
            onClick={() => setLeftOpen((open) => !open)}
          />
          {leftOpen && toolsDue && (
            <Suspense fallback={null}>
              <Tabs
                size="small"
                items={[
                  {
                    key: 'tree',
                    label: t('modelViewer:tree.title'),
                    children: (
                      <SpatialTreePanel
                        projectId={projectId}
                        models={openModels}
                        hidden={state.hidden}
                        isolated={state.isolated}
                        selection={state.selection}
                        onSelect={(refs) => void engine?.select(refs, { fit: refs.length > 0 })}
                        onVisibility={(refs, visible) =>
                          void (visible ? engine?.show(refs) : engine?.hide(refs))
                        }
                      />
                    ),
                  },
                  {
                    key: 'categories',
                    label: t('modelViewer:categories.title'),
                    children: (
                      <CategoryPanel
                        projectId={projectId}
                        models={openModels}
                        hiddenClasses={hiddenClasses}
                        onToggle={(modelId, ifcClass, visible) =>
                          void toggleCategory(modelId, ifcClass, visible)
                        }
                      />
                    ),
                  },
                ]}
              />
            </Suspense>
          )}
        </aside>
        <div className="model-viewer__stage">
          <div
            ref={stageRef}
            className="model-viewer__canvas"
            data-testid="viewer-stage"
            data-rendered={rendered ? 'true' : 'false'}
          />
          {modelIds.length === 0 && (
            <div className="model-viewer__empty">
              <Empty description={t('modelViewer:empty.noModels')}>
                <Link to={modelsPath(projectId)}>
                  <Button type="primary">{t('modelViewer:empty.toList')}</Button>
                </Link>
              </Empty>
            </div>
          )}
          <div className="model-viewer__overlay">
            <LoadStatus
              states={loading.states}
              onRetry={loading.retry}
              onRemove={(modelId) => setModels(modelIds.filter((id) => id !== modelId))}
            />
          </div>
        </div>
        <aside
          className={`model-viewer__side model-viewer__side--right${rightOpen ? '' : ' is-closed'}`}
          aria-label={t('modelViewer:panels.properties')}
        >
          <Button
            type="text"
            size="small"
            className="model-viewer__side-toggle"
            icon={rightOpen ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={rightOpen ? t('modelViewer:panels.hide') : t('modelViewer:panels.show')}
            aria-expanded={rightOpen}
            onClick={() => setRightOpen((open) => !open)}
          />
          <div className={rightOpen ? 'model-viewer__side-body' : 'model-viewer__side-body is-hidden'}>
            {/* The open tool's panel (viewports, selection sets, compare…) is portalled here, above. */}
            <div ref={setPanelHost} className="model-viewer__tool-panel" data-testid="viewer-tool-panel" />
            <Typography.Title level={5}>{t('modelViewer:properties.title')}</Typography.Title>
            {toolsDue && (
              <Suspense fallback={null}>
                <PropertiesPanel
                  projectId={projectId}
                  selection={state.selection}
                  versionOf={versionOf}
                  modelName={nameOf}
                />
              </Suspense>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}

/** Choose the models open together (federation): only converted models of the project are offered. */
function ModelPicker(props: {
  projectId: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const models = useAllModels(props.projectId);
  const options = (models.data ?? [])
    .filter((model) => model.currentVersion.status === 'ready' || props.value.includes(model._id))
    .map((model) => ({ value: model._id, label: model.name }));
  // A model of the URL the list does not hold (deleted, or not visible to this user) still shows, unnamed.
  for (const id of props.value)
    if (models.data && !options.some((option) => option.value === id))
      options.push({ value: id, label: t('modelViewer:toolbar.unknownModel') });
  return (
    <Select
      mode="multiple"
      className="model-viewer__picker"
      placeholder={t('modelViewer:toolbar.pickModels')}
      aria-label={t('modelViewer:toolbar.models')}
      value={[...props.value]}
      options={options}
      loading={models.isPending}
      maxTagCount={2}
      maxTagTextLength={16}
      optionFilterProp="label"
      onChange={(ids: string[]) => props.onChange(ids)}
      notFoundContent={models.isError ? errorMessage(models.error, t) : undefined}
      data-testid="viewer-model-picker"
    />
  );
}
