import type { ModelElementsRef } from '@lintel/contracts/models';
import { useCallback, useEffect, useState } from 'react';
import type { ViewerEngine } from './engine/createViewer';
import type { LoadedModel } from './engine/types';
import { loadEngineModule, takeEngineCore } from './prefetch';
import { loadSettings } from './tools/settings/viewerSettings';

/**
 * The engine of the page: created once the stage element is in the DOM (and its chunk is in), disposed
 * when the page goes (its WebGL context, worker and models with it). `failure` is set when the browser
 * cannot give WebGL, or the engine's code could not be loaded.
 */
export function useViewerEngine(projectId: string) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [engine, setEngine] = useState<ViewerEngine | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!container) return;
    let created: ViewerEngine | null = null;
    let cancelled = false;
    loadEngineModule().then(
      ({ createViewer }) => {
        if (cancelled) return;
        try {
          created = createViewer(container, projectId, {
            background: loadSettings().background,
            // The models of the URL may be parsing in it already (prefetch.ts).
            core: takeEngineCore(),
          });
        } catch (error) {
          setFailure(error);
          return;
        }
        setFailure(null);
        setEngine(created);
      },
      (error: unknown) => {
        if (!cancelled) setFailure(error);
      },
    );
    return () => {
      cancelled = true;
      setEngine(null);
      if (created) void created.dispose();
    };
  }, [container, projectId]);

  return { stageRef: setContainer, engine, failure };
}

export interface ViewerState {
  models: LoadedModel[];
  selection: ModelElementsRef[];
  hidden: ModelElementsRef[];
  isolated: ModelElementsRef[] | null;
  xray: boolean;
}

const EMPTY: ViewerState = { models: [], selection: [], hidden: [], isolated: null, xray: false };

/** The engine's state as React state: the panels re-render on its events. */
export function useViewerState(engine: ViewerEngine | null) {
  const [state, setState] = useState<ViewerState>(EMPTY);
  useEffect(() => {
    if (!engine) {
      setState(EMPTY);
      return;
    }
    const read = (): ViewerState => ({
      models: engine.models(),
      selection: engine.getSelection(),
      hidden: engine.getHidden(),
      isolated: engine.getIsolated(),
      xray: engine.isXray(),
    });
    setState(read());
    const stops = [
      engine.onModelsChange(() => setState(read())),
      engine.onSelectionChange(() => setState(read())),
      engine.onVisibilityChange(() => setState(read())),
      engine.onXrayChange(() => setState(read())),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [engine]);
  const refresh = useCallback(() => {
    if (engine)
      setState({
        models: engine.models(),
        selection: engine.getSelection(),
        hidden: engine.getHidden(),
        isolated: engine.getIsolated(),
        xray: engine.isXray(),
      });
  }, [engine]);
  return [state, refresh] as const;
}
