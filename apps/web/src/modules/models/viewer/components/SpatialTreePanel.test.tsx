// The tree's multi-select: Ctrl / Cmd-click adds a node's elements or takes them out, Shift-click selects
// the shown nodes between two clicks, and the toolbar's multi-select mode makes a plain tap (no Ctrl on a
// phone) add and take out.
import type { ModelElementsRef, SpatialNode } from '@lintel/contracts/models';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../../lib/http';
import { type FakeApi, startFakeApi } from '../../../../test/fakeApi';
import { renderWithProviders } from '../../../../test/render';
import { rangeBetween, shownOrder } from '../spatialTree';
import { SpatialTreePanel } from './SpatialTreePanel';

const PROJECT_ID = '66d000000000000000000011';
const MODEL_ID = '66d000000000000000000a11';
const VERSION_ID = '66d000000000000000000b11';

const element = (globalId: string, localId: number, name: string | null): SpatialNode => ({
  kind: 'element',
  globalId,
  localId,
  ifcClass: 'IFCWALL',
  name,
  children: [],
});
const tree: SpatialNode = {
  kind: 'project',
  globalId: 'P',
  localId: 1,
  ifcClass: 'IFCPROJECT',
  name: '示范住宅',
  children: [
    {
      kind: 'storey',
      globalId: 'L1',
      localId: 2,
      ifcClass: 'IFCBUILDINGSTOREY',
      name: '一层',
      children: [element('w1', 3, '墙 1'), element('w2', 4, '墙 2')],
    },
    {
      kind: 'storey',
      globalId: 'L2',
      localId: 5,
      ifcClass: 'IFCBUILDINGSTOREY',
      name: '二层',
      children: [element('w3', 6, '墙 3')],
    },
  ],
};
const openModel = { modelId: MODEL_ID, versionId: VERSION_ID, name: '示范住宅', currentVersion: true };
const OTHER_MODEL: ModelElementsRef = { modelId: '66d000000000000000000a12', globalIds: ['x1'] };

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  api.on(`GET model-service/models/${MODEL_ID}/tree`, { json: tree });
});
afterAll(() => api.close());
// The test setup points the client elsewhere before each test.
beforeEach(() => configureHttp({ baseUrl: api.baseUrl }));

/** The page's part: the selection the tree reports becomes the tree's selection. */
function Harness({
  multiSelect,
  log,
}: {
  multiSelect?: boolean;
  log: Array<{ ids: string[]; fit?: boolean }>;
}) {
  const [selection, setSelection] = useState<ModelElementsRef[]>([OTHER_MODEL]);
  return (
    <SpatialTreePanel
      projectId={PROJECT_ID}
      models={[openModel]}
      hidden={[]}
      isolated={null}
      selection={selection}
      multiSelect={multiSelect}
      onSelect={(refs, options) => {
        log.push({ ids: refs.flatMap((ref) => ref.globalIds).sort(), fit: options?.fit });
        setSelection(refs);
      }}
      onVisibility={() => undefined}
    />
  );
}

const last = (log: Array<{ ids: string[]; fit?: boolean }>) => log[log.length - 1];

describe('spatial tree multi-select', { timeout: 60_000 }, () => {
  it('Ctrl / Cmd-click adds and takes out, Shift-click selects a range, a plain click starts over', async () => {
    const log: Array<{ ids: string[]; fit?: boolean }> = [];
    renderWithProviders(<Harness log={log} />);
    fireEvent.click(await screen.findByText('一层'));
    // A plain click: that storey alone (the other model's selection goes), and the camera frames it.
    expect(last(log)).toEqual({ ids: ['w1', 'w2'], fit: undefined });
    fireEvent.click(screen.getByText('二层'), { ctrlKey: true });
    expect(last(log)).toEqual({ ids: ['w1', 'w2', 'w3'], fit: false });
    fireEvent.click(screen.getByText('一层'), { ctrlKey: true });
    expect(last(log)).toEqual({ ids: ['w3'], fit: false });
    fireEvent.click(screen.getByText('一层'), { metaKey: true });
    expect(last(log)).toEqual({ ids: ['w1', 'w2', 'w3'], fit: false });

    // Shift: from the last click (二层) up to 墙 2 in the order shown, the storey opened in between.
    fireEvent.click(screen.getByText('二层'));
    expect(last(log)).toEqual({ ids: ['w3'], fit: undefined });
    const storey = screen.getByText('一层').closest('.ant-tree-treenode') as HTMLElement;
    fireEvent.click(storey.querySelector('.ant-tree-switcher') as HTMLElement);
    fireEvent.click(await screen.findByText('墙 2'), { shiftKey: true });
    expect(last(log)).toEqual({ ids: ['w2', 'w3'], fit: false });
    // The range keeps its start: Shift-click further up widens it.
    fireEvent.click(screen.getByText('墙 1'), { shiftKey: true });
    expect(last(log)).toEqual({ ids: ['w1', 'w2', 'w3'], fit: false });
  });

  it('in multi-select mode a plain tap adds and takes out, other models’ selection kept', async () => {
    const log: Array<{ ids: string[]; fit?: boolean }> = [];
    renderWithProviders(<Harness multiSelect log={log} />);
    fireEvent.click(await screen.findByText('二层'));
    expect(last(log)).toEqual({ ids: ['w3', 'x1'], fit: false });
    fireEvent.click(screen.getByText('一层'));
    expect(last(log)).toEqual({ ids: ['w1', 'w2', 'w3', 'x1'], fit: false });
    fireEvent.click(screen.getByText('二层'));
    await waitFor(() => expect(last(log)).toEqual({ ids: ['w1', 'w2', 'x1'], fit: false }));
  });

  it('ranges over the nodes shown, in either direction', () => {
    const order = shownOrder(
      [
        {
          key: 'a',
          node: tree,
          children: [
            { key: 'b', node: tree, children: [{ key: 'c', node: tree, children: [] }] },
            { key: 'd', node: tree, children: [] },
          ],
        },
      ],
      new Set(['a']),
    );
    expect(order).toEqual(['a', 'b', 'd']);
    expect(rangeBetween(order, 'd', 'a')).toEqual(['a', 'b', 'd']);
    expect(rangeBetween(order, 'a', 'b')).toEqual(['a', 'b']);
    // A start no longer shown (its parent folded): just the clicked node.
    expect(rangeBetween(order, 'c', 'd')).toEqual(['d']);
  });
});
