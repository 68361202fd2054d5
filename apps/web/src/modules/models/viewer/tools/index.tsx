// The viewer tools (measure, section, roaming, viewports, selection sets, version compare, settings): the
// core viewer page renders <ViewerTools /> in its toolbar and gives it a side-panel host (engine/types.ts,
// ViewerToolsProps). The URL parameters `viewport`, `selectionSet` and `compare` are handled here.
import './locales';
import './tools.css';
import {
  AimOutlined,
  AppstoreAddOutlined,
  CameraOutlined,
  ColumnWidthOutlined,
  DiffOutlined,
  ScissorOutlined,
} from '@ant-design/icons';
import type { Viewport } from '@lintel/contracts/models';
import { App, Button, Tooltip } from 'antd';
import { type JSX, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as THREE from 'three';
import { errorMessage } from '../../../../lib/errors';
import { fetchSelectionSet, fetchViewport } from '../../api';
import { registerViewSource } from '../../viewpoint/currentView';
import type { ViewerContext, ViewerToolsProps } from '../engine/types';
import { ComparePanel } from './compare/ComparePanel';
import { useCompareSession } from './compare/useCompareSession';
import { attachLabelLayer } from './labelLayer';
import { MeasurePanel } from './measure/MeasurePanel';
import { MeasureController } from './measure/measureController';
import type { MeasureKind } from './measure/measureFormat';
import { whenPageModelsLoaded } from './pageModels';
import { RoamingOverlay } from './roaming/RoamingOverlay';
import { RoamingController } from './roaming/roamingController';
import { SectionPanel } from './section/SectionPanel';
import { SectionController } from './section/sectionController';
import { applySet } from './selectionSets/applySet';
import { SelectionSetsPanel } from './selectionSets/SelectionSetsPanel';
import { SettingsPopover } from './settings/SettingsPopover';
import { useViewerSettings } from './settings/useViewerSettings';
import type { ViewerSettings } from './settings/viewerSettings';
import { ToolPanel } from './ToolPanel';
import {
  COMPARE_PARAM,
  type CompareTarget,
  formatCompareParam,
  parseCompareParam,
  readIdParam,
  SELECTION_SET_PARAM,
  VIEWPORT_PARAM,
  withParam,
} from './urlParams';
import { useSubscription } from './useSubscription';
import { ViewportsPanel } from './viewports/ViewportsPanel';
import { openModelIds, readView, restoreView, snapshot } from './viewports/viewState';

type PanelId = 'measure' | 'section' | 'viewports' | 'sets' | 'compare';

interface Controllers {
  measure: MeasureController;
  section: SectionController;
  roaming: RoamingController;
}

/** The camera-controls speeds the viewer starts with, so the setting scales them rather than compounding. */
function useNavigationSpeed(viewer: ViewerContext, factor: number) {
  const base = useRef<{ azimuth: number; polar: number; dolly: number; truck: number } | null>(null);
  useEffect(() => {
    const controls = viewer.world.camera.controls;
    base.current ??= {
      azimuth: controls.azimuthRotateSpeed,
      polar: controls.polarRotateSpeed,
      dolly: controls.dollySpeed,
      truck: controls.truckSpeed,
    };
    controls.azimuthRotateSpeed = base.current.azimuth * factor;
    controls.polarRotateSpeed = base.current.polar * factor;
    controls.dollySpeed = base.current.dolly * factor;
    controls.truckSpeed = base.current.truck * factor;
  }, [viewer, factor]);
}

function useAppliedSettings(viewer: ViewerContext, tools: Controllers | null, settings: ViewerSettings) {
  useNavigationSpeed(viewer, settings.navigationSpeed);
  useEffect(() => {
    viewer.world.scene.three.background = new THREE.Color(settings.background);
    viewer.requestRender();
  }, [viewer, settings.background]);
  useEffect(() => {
    tools?.measure.setFormat(settings.lengthUnit, settings.precision);
  }, [tools, settings.lengthUnit, settings.precision]);
  useEffect(() => {
    tools?.roaming.setSpeed(settings.walkSpeed, false);
  }, [tools, settings.walkSpeed]);
}

function ToolButton(props: {
  active: boolean;
  icon: ReactNode;
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={props.label}>
      <Button
        type={props.active ? 'primary' : 'default'}
        icon={props.icon}
        onClick={props.onClick}
        aria-pressed={props.active}
        disabled={props.disabled}
        data-testid={props.testId}
      >
        <span className="viewer-tools__label">{props.label}</span>
      </Button>
    </Tooltip>
  );
}

/**
 * The tools' buttons, their panels (in the page's side column) and the roaming overlay. antd's `App` is
 * mounted here for message / modal, as every page does in its own chunk.
 */
export function ViewerTools(props: ViewerToolsProps): JSX.Element {
  return (
    <App component={false}>
      <ViewerToolsInner {...props} />
    </App>
  );
}

function ViewerToolsInner({ viewer, panelHost, search, setSearch }: ViewerToolsProps): JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [settings, updateSettings] = useViewerSettings();
  const [tools, setTools] = useState<Controllers | null>(null);
  const compareTarget = parseCompareParam(search.get(COMPARE_PARAM));
  const [panel, setPanel] = useState<PanelId | null>(compareTarget ? 'compare' : null);
  const [restoringId, setRestoringId] = useState<string | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;
  const handledViewport = useRef<string | null>(null);
  const handledSet = useRef<string | null>(null);
  const walkSpeed = useRef(settings.walkSpeed);
  walkSpeed.current = settings.walkSpeed;

  // The controllers live as long as this viewer: created after mount, disposed on unmount.
  useEffect(() => {
    const detachLabels = attachLabelLayer(viewer);
    const created: Controllers = {
      measure: new MeasureController(viewer),
      section: new SectionController(viewer),
      roaming: new RoamingController(viewer, walkSpeed.current, (speed) =>
        updateSettings({ walkSpeed: speed }),
      ),
    };
    setTools(created);
    // The raise forms beside the element save this view as their record's viewpoint (issue 16).
    const unregisterView = registerViewSource({
      read: () => readView(viewer, created.section),
      snapshot: () => snapshot(viewer),
    });
    return () => {
      // The engine may be tearing down beside us (leaving the page): each part lets go on its own.
      for (const release of [
        unregisterView,
        () => created.roaming.dispose(),
        () => created.measure.dispose(),
        () => created.section.dispose(),
        detachLabels,
      ]) {
        try {
          release();
        } catch {
          // Already gone with the engine.
        }
      }
      setTools(null);
    };
  }, [viewer, updateSettings]);

  useAppliedSettings(viewer, tools, settings);
  useSubscription(tools?.roaming ?? null);
  const compare = useCompareSession(viewer, compareTarget, search);

  const updateSearch = useCallback(
    (name: string, value: string | null) => setSearch(withParam(searchRef.current, name, value)),
    [setSearch],
  );

  const openPanel = (next: PanelId | null) => {
    if (!tools) return;
    if (panel === 'measure' && next !== 'measure') tools.measure.stop();
    if (panel === 'section' && next !== 'section') tools.section.stopPicking();
    if (next === 'measure') {
      tools.roaming.stop();
      tools.measure.start('length', () => setPanel(null));
    }
    setPanel(next);
  };

  const startMeasure = (kind: MeasureKind) => tools?.measure.start(kind, () => setPanel(null));

  const restore = useCallback(
    async (viewport: Viewport) => {
      if (!tools) return;
      tools.roaming.stop();
      tools.section.stopPicking();
      setRestoringId(viewport._id);
      try {
        const { missingModelIds } = await restoreView(viewer, tools.section, viewport);
        if (missingModelIds.length > 0)
          message.warning(
            t('modelTools:viewports.restoredPartly', { name: viewport.name, count: missingModelIds.length }),
          );
        else message.success(t('modelTools:viewports.restored', { name: viewport.name }));
        handledViewport.current = viewport._id;
        const next = withParam(searchRef.current, VIEWPORT_PARAM, viewport._id);
        const open = openModelIds(viewer);
        setSearch(open.length > 0 ? withParam(next, 'models', open.join(',')) : next);
      } catch (error) {
        message.error(errorMessage(error, t));
      } finally {
        setRestoringId(null);
      }
    },
    [tools, viewer, message, t, setSearch],
  );

  // `?viewport=<id>`: restore it once the page has opened its models.
  const viewportParam = readIdParam(search, VIEWPORT_PARAM);
  useEffect(() => {
    if (!tools || !viewportParam || handledViewport.current === viewportParam) return;
    handledViewport.current = viewportParam;
    let cancelled = false;
    void (async () => {
      try {
        const [viewport] = await Promise.all([
          fetchViewport(viewportParam),
          whenPageModelsLoaded(viewer, searchRef.current),
        ]);
        if (!cancelled) await restore(viewport);
      } catch (error) {
        if (!cancelled) message.error(errorMessage(error, t));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [tools, viewportParam, viewer, restore, message, t]);

  // `?selectionSet=<id>`: select that set (its models opened) once the page has opened its models.
  const setParam = readIdParam(search, SELECTION_SET_PARAM);
  useEffect(() => {
    if (!setParam || handledSet.current === setParam) return;
    handledSet.current = setParam;
    let cancelled = false;
    void (async () => {
      try {
        const [set] = await Promise.all([
          fetchSelectionSet(setParam),
          whenPageModelsLoaded(viewer, searchRef.current),
        ]);
        if (cancelled) return;
        const { failedModelIds } = await applySet(viewer, set.items, 'select');
        if (failedModelIds.length > 0)
          message.warning(t('modelTools:sets.someModelsMissing', { count: failedModelIds.length }));
        else message.success(t('modelTools:sets.opened', { name: set.name }));
      } catch (error) {
        if (!cancelled) message.error(errorMessage(error, t));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [setParam, viewer, message, t]);

  const setCompareTarget = (target: CompareTarget | null) =>
    updateSearch(COMPARE_PARAM, target ? formatCompareParam(target) : null);

  const roaming = tools?.roaming;
  const panelTitle: Record<PanelId, string> = {
    measure: t('modelTools:tool.measure'),
    section: t('modelTools:tool.section'),
    viewports: t('modelTools:tool.viewports'),
    sets: t('modelTools:tool.sets'),
    compare: t('modelTools:tool.compare'),
  };
  const toggle = (id: PanelId) => openPanel(panel === id ? null : id);

  return (
    <span className="viewer-tools" data-testid="viewer-tools">
      <ToolButton
        active={panel === 'measure'}
        icon={<ColumnWidthOutlined />}
        label={t('modelTools:tool.measure')}
        testId="tool-measure"
        onClick={() => toggle('measure')}
        disabled={!tools}
      />
      <ToolButton
        active={panel === 'section'}
        icon={<ScissorOutlined />}
        label={t('modelTools:tool.section')}
        testId="tool-section"
        onClick={() => toggle('section')}
        disabled={!tools}
      />
      <ToolButton
        active={roaming?.active ?? false}
        icon={<AimOutlined />}
        label={t('modelTools:tool.roam')}
        testId="tool-roam"
        disabled={!tools}
        onClick={() => {
          if (!roaming) return;
          if (roaming.active) roaming.stop();
          else {
            if (panel === 'measure') openPanel(null);
            tools?.section.stopPicking();
            void roaming.start();
          }
        }}
      />
      <ToolButton
        active={panel === 'viewports'}
        icon={<CameraOutlined />}
        label={t('modelTools:tool.viewports')}
        testId="tool-viewports"
        onClick={() => toggle('viewports')}
        disabled={!tools}
      />
      <ToolButton
        active={panel === 'sets'}
        icon={<AppstoreAddOutlined />}
        label={t('modelTools:tool.sets')}
        testId="tool-selection-sets"
        onClick={() => toggle('sets')}
        disabled={!tools}
      />
      <ToolButton
        active={panel === 'compare' || compareTarget !== null}
        icon={<DiffOutlined />}
        label={t('modelTools:tool.compare')}
        testId="tool-compare"
        onClick={() => toggle('compare')}
        disabled={!tools}
      />
      <SettingsPopover settings={settings} onChange={updateSettings} />
      {tools && roaming && <RoamingOverlay roaming={roaming} host={viewer.container} />}
      {tools && panel && (
        <ToolPanel
          host={panelHost}
          title={panelTitle[panel]}
          testId={`tool-panel-${panel}`}
          onClose={() => openPanel(null)}
        >
          {panel === 'measure' && (
            <MeasurePanel
              measure={tools.measure}
              format={{ lengthUnit: settings.lengthUnit, precision: settings.precision }}
              onKindChange={startMeasure}
            />
          )}
          {panel === 'section' && <SectionPanel section={tools.section} />}
          {panel === 'viewports' && (
            <ViewportsPanel
              projectId={viewer.projectId}
              readView={() => readView(viewer, tools.section)}
              snapshot={() => snapshot(viewer)}
              restore={restore}
              restoringId={restoringId}
            />
          )}
          {panel === 'sets' && <SelectionSetsPanel viewer={viewer} />}
          {panel === 'compare' && (
            <ComparePanel
              viewer={viewer}
              target={compareTarget}
              state={compare}
              onTargetChange={setCompareTarget}
            />
          )}
        </ToolPanel>
      )}
    </span>
  );
}
