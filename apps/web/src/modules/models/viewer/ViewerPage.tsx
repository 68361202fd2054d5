import './locales';
import './viewer.css';
import {
  AimOutlined,
  ArrowLeftOutlined,
  CheckSquareOutlined,
  CloseCircleOutlined,
  ExpandOutlined,
  ExperimentOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { FEDERATION_MODELS_MAX } from '@lintel/contracts/models';
import { App, Button, Empty, Result, Space, Tabs, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { useTouchDevice } from '../../../components/useTouchDevice';
import { errorMessage } from '../../../lib/errors';
import { useIsPhone } from '../../../lib/useIsPhone';
import { useCurrentProject, WorkbenchLayout } from '../../workbench/index';
import { useModelRight } from '../api';
import { modelsPath } from '../paths';
import { classKey } from './components/classKey';
import { LoadStatus } from './components/LoadStatus';
import { ModelPicker, ToolbarButton } from './components/ToolbarParts';
import type { ViewerModelInfo } from './components/types';
import { type SheetSize, ViewerSheet } from './components/ViewerSheet';
import type { ViewerEngine } from './engine/createViewer';
import { countRefs } from './engine/refs';
import type { ViewerToolsProps } from './engine/types';
import { useViewerKeys, type ViewerCommand } from './keyboard';
import { discardViewerPrefetch, loadEngineModule } from './prefetch';
import { useFullscreen } from './useFullscreen';
import { useModelLoading } from './useModelLoading';
import { useViewerEngine, useViewerState } from './useViewerEngine';
import { parseElementParam, parseModelsParam, withElement, withModels } from './viewerSearch';
import { showHome, showView } from './views/viewActions';
import type { ViewName } from './views/viewMath';

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
// The orientation control (a view cube that follows the camera), after the first frame as well.
const ViewCube = lazy(() => import('./views/ViewCube'));

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
      {/* On a phone the viewer takes the whole screen: no workbench bars (its toolbar leads back). */}
      <WorkbenchLayout immersive>
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
  const phone = useIsPhone();
  const touch = useTouchDevice();
  const fullscreen = useFullscreen();
  // Multi-select mode: a finger has no Ctrl, so on a touch device a toolbar toggle makes taps add / take out.
  const [multiSelect, setMultiSelect] = useState(false);
  const multiSelectOffered = phone || touch;
  const multiSelectOn = multiSelect && multiSelectOffered;
  useEffect(() => {
    engine?.setMultiSelect(multiSelectOn);
  }, [engine, multiSelectOn]);
  // Below a wide desktop (1600 px) the canvas gets the room first; the tree opens on demand. At 1440×900 the
  // open tree left the canvas 31.5 % of the window, folded 42.5 % (bench, models walk).
  const [leftOpen, setLeftOpen] = useState(() => window.innerWidth >= 1600);
  const [rightOpen, setRightOpen] = useState(true);
  // On a phone the panels are a bottom sheet, closed at first: the canvas takes the screen.
  const [sheetSize, setSheetSize] = useState<SheetSize>('closed');
  const [sheetTab, setSheetTab] = useState('properties');
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
  // With a viewport in the address the tools put its camera back: the element is selected, not framed.
  const readyCount = loading.states.filter((item) => item.phase === 'ready').length;
  const restoresView = search.has('viewport');
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
        if (Object.keys(found).length > 0) await engine.select(refs, { fit: !restoresView });
        else {
          void message.warning(t('modelViewer:selection.elementMissing'));
          if (first && !restoresView) await engine.fit(undefined, { animate: false });
        }
      } else if (first && !restoresView) await engine.fit(undefined, { animate: false });
      // The first frame that shows the models' geometry (the browser test and the bench wait for this).
      await engine.whenDrawn();
      setRendered(true);
    })();
  }, [engine, loading.settled, readyCount, element, restoresView, message, t]);

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
        // Zoom to the selection; with none, to what is isolated, else to everything.
        if (command === 'fit')
          await target.fit(selection.length > 0 ? selection : (target.getIsolated() ?? undefined));
        else if (command === 'home') await showHome(target);
        else if (command === 'clearSelection') await target.select([]);
        else if (command === 'showAll') await target.showAll();
        else if (selection.length === 0) void message.info(t('modelViewer:selection.needed'));
        else if (command === 'hide') {
          await target.hide(selection);
          await target.select([]);
        } else if (command === 'isolate') {
          // Isolating frames what it isolates.
          await target.isolate(selection);
          await target.fit(selection);
        }
      } catch (error) {
        void message.error(errorMessage(error, t));
      }
    },
    [engine, message, t],
  );
  const fullscreenOn = fullscreen.on;
  const leaveFullscreen = fullscreen.leave;
  const onCommand = useCallback(
    (command: ViewerCommand) => {
      // Esc leaves full screen first (where the browser has not taken it: the fallback), then clears.
      if (command === 'clearSelection' && fullscreenOn) leaveFullscreen();
      else void run(command);
    },
    [run, fullscreenOn, leaveFullscreen],
  );
  useViewerKeys(engine !== null, onCommand);

  const goToView = useCallback(
    (view: ViewName) => {
      if (engine)
        void showView(engine, view).catch((error: unknown) => message.error(errorMessage(error, t)));
    },
    [engine, message, t],
  );

  // On a phone, selecting an element or opening a tool's panel brings the sheet up (half) on that tab.
  const selected = state.selection.length > 0;
  useEffect(() => {
    if (!phone || !selected) return;
    setSheetTab('properties');
    setSheetSize((size) => (size === 'closed' ? 'half' : size));
  }, [phone, selected]);
  useEffect(() => {
    if (!phone || !panelHost) return;
    const observer = new MutationObserver(() => {
      if (panelHost.childElementCount === 0) return;
      setSheetTab('properties');
      setSheetSize((size) => (size === 'closed' ? 'half' : size));
    });
    observer.observe(panelHost, { childList: true });
    return () => observer.disconnect();
  }, [phone, panelHost]);

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

  const treePanel = toolsDue && (
    <Suspense fallback={null}>
      <SpatialTreePanel
        projectId={projectId}
        models={openModels}
        hidden={state.hidden}
        isolated={state.isolated}
        selection={state.selection}
        multiSelect={multiSelectOn}
        onSelect={(refs, options) => void engine?.select(refs, { fit: options?.fit ?? refs.length > 0 })}
        onVisibility={(refs, visible) => void (visible ? engine?.show(refs) : engine?.hide(refs))}
      />
    </Suspense>
  );
  const categoryPanel = toolsDue && (
    <Suspense fallback={null}>
      <CategoryPanel
        projectId={projectId}
        models={openModels}
        hiddenClasses={hiddenClasses}
        onToggle={(modelId, ifcClass, visible) => void toggleCategory(modelId, ifcClass, visible)}
      />
    </Suspense>
  );
  const propertiesBody = (
    <>
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
    </>
  );

  const classes = ['model-viewer'];
  if (phone || fullscreen.on) classes.push('model-viewer--fill');
  if (phone) classes.push('model-viewer--phone');

  return (
    <div
      className={classes.join(' ')}
      data-testid="model-viewer"
      data-fullscreen={fullscreen.on ? 'true' : 'false'}
    >
      <div className="model-viewer__toolbar" role="toolbar" aria-label={t('modelViewer:toolbar.label')}>
        <Space wrap={!phone} size={4}>
          <Link to={modelsPath(projectId)}>
            <Button icon={<ArrowLeftOutlined />} aria-label={t('modelViewer:toolbar.back')}>
              <span className="model-viewer__label">{t('modelViewer:toolbar.back')}</span>
            </Button>
          </Link>
          <ModelPicker projectId={projectId} value={modelIds} onChange={setModels} />
          <ToolbarButton
            icon={<HomeOutlined />}
            label={t('modelViewer:toolbar.home')}
            hint={t('modelViewer:toolbar.homeHint')}
            disabled={!engine}
            onClick={() => void run('home')}
            testId="viewer-home"
          />
          <ToolbarButton
            icon={<ExpandOutlined />}
            label={t('modelViewer:toolbar.fit')}
            hint={t('modelViewer:toolbar.fitHint')}
            disabled={!engine}
            onClick={() => void run('fit')}
            testId="viewer-fit"
          />
          <ToolbarButton
            icon={<EyeInvisibleOutlined />}
            label={t('modelViewer:toolbar.hide')}
            hint={t('modelViewer:toolbar.hideHint')}
            disabled={selectionCount === 0}
            onClick={() => void run('hide')}
            testId="viewer-hide"
          />
          <ToolbarButton
            icon={<AimOutlined />}
            label={t('modelViewer:toolbar.isolate')}
            hint={t('modelViewer:toolbar.isolateHint')}
            disabled={selectionCount === 0}
            onClick={() => void run('isolate')}
            testId="viewer-isolate"
          />
          <ToolbarButton
            icon={<EyeOutlined />}
            label={t('modelViewer:toolbar.showAll')}
            hint={t('modelViewer:toolbar.showAllHint')}
            disabled={!somethingHidden}
            onClick={() => void run('showAll')}
            testId="viewer-show-all"
          />
          <ToolbarButton
            icon={<ExperimentOutlined />}
            label={t('modelViewer:toolbar.xray')}
            hint={t('modelViewer:toolbar.xrayHint')}
            pressed={state.xray}
            disabled={!engine}
            onClick={() => void engine?.setXray(!state.xray).then(refreshState)}
            testId="viewer-xray"
          />
          <ToolbarButton
            icon={<CloseCircleOutlined />}
            label={t('modelViewer:toolbar.clear')}
            hint={t('modelViewer:toolbar.clearHint')}
            disabled={selectionCount === 0}
            onClick={() => void run('clearSelection')}
            testId="viewer-clear-selection"
          />
          {multiSelectOffered && (
            <ToolbarButton
              icon={<CheckSquareOutlined />}
              label={t('modelViewer:toolbar.multiSelect')}
              hint={
                multiSelectOn
                  ? t('modelViewer:toolbar.multiSelectOnHint')
                  : t('modelViewer:toolbar.multiSelectHint')
              }
              pressed={multiSelectOn}
              disabled={!engine}
              onClick={() => setMultiSelect((on) => !on)}
              testId="viewer-multi-select"
            />
          )}
          <ToolbarButton
            icon={fullscreen.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            label={
              fullscreen.on ? t('modelViewer:toolbar.leaveFullscreen') : t('modelViewer:toolbar.fullscreen')
            }
            hint={
              fullscreen.on
                ? t('modelViewer:toolbar.leaveFullscreenHint')
                : t('modelViewer:toolbar.fullscreenHint')
            }
            pressed={fullscreen.on}
            onClick={fullscreen.toggle}
            testId="viewer-fullscreen"
          />
          {toolProps && toolsDue && (
            <Suspense fallback={null}>
              <ViewerTools {...toolProps} />
            </Suspense>
          )}
        </Space>
      </div>
      <div className="model-viewer__body">
        {!phone && (
          <aside
            className={`model-viewer__side model-viewer__side--left${leftOpen ? '' : ' is-closed'}`}
            aria-label={t('modelViewer:panels.structure')}
            data-testid="viewer-side-left"
          >
            <Button
              type="text"
              size="small"
              className="model-viewer__side-toggle"
              icon={leftOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              aria-label={leftOpen ? t('modelViewer:panels.hide') : t('modelViewer:panels.show')}
              aria-expanded={leftOpen}
              onClick={() => setLeftOpen((open) => !open)}
              data-testid="viewer-side-left-toggle"
            />
            {leftOpen && toolsDue && (
              <Tabs
                size="small"
                items={[
                  { key: 'tree', label: t('modelViewer:tree.title'), children: treePanel },
                  { key: 'categories', label: t('modelViewer:categories.title'), children: categoryPanel },
                ]}
              />
            )}
          </aside>
        )}
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
          {engine && toolsDue && readyCount > 0 && (
            <Suspense fallback={null}>
              <ViewCube engine={engine} onView={goToView} />
            </Suspense>
          )}
        </div>
        {!phone && (
          <aside
            className={`model-viewer__side model-viewer__side--right${rightOpen ? '' : ' is-closed'}`}
            aria-label={t('modelViewer:panels.properties')}
            data-testid="viewer-side-right"
          >
            <Button
              type="text"
              size="small"
              className="model-viewer__side-toggle"
              icon={rightOpen ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={rightOpen ? t('modelViewer:panels.hide') : t('modelViewer:panels.show')}
              aria-expanded={rightOpen}
              onClick={() => setRightOpen((open) => !open)}
              data-testid="viewer-side-right-toggle"
            />
            <div className={rightOpen ? 'model-viewer__side-body' : 'model-viewer__side-body is-hidden'}>
              {propertiesBody}
            </div>
          </aside>
        )}
      </div>
      {phone && (
        <ViewerSheet
          size={sheetSize}
          onSize={setSheetSize}
          tab={sheetTab}
          onTab={setSheetTab}
          tabs={[
            { key: 'properties', label: t('modelViewer:sheet.properties'), content: propertiesBody },
            { key: 'tree', label: t('modelViewer:tree.title'), content: treePanel },
            { key: 'categories', label: t('modelViewer:categories.title'), content: categoryPanel },
          ]}
        />
      )}
    </div>
  );
}
