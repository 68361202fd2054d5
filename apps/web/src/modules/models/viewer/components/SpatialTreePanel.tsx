import { ifcClassLabel } from '@lintel/contracts/ifc';
import type { ModelElementsRef, SpatialNodeKind } from '@lintel/contracts/models';
import { Alert, Button, Empty, Skeleton, Tree, type TreeDataNode, Typography } from 'antd';
import { type Key, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../app/useLanguage';
import { errorMessage } from '../../../../lib/errors';
import { useSpatialTree } from '../../api';
import { addRefs, containsElement, normalizeRefs, removeRefs, withoutModel } from '../engine/refs';
import { indexSpatialTree, rangeBetween, shownOrder, type TreeItem, visibleLeafKeys } from '../spatialTree';
import type { ViewerModelInfo } from './types';

interface SpatialTreePanelProps {
  projectId: string;
  models: readonly ViewerModelInfo[];
  hidden: readonly ModelElementsRef[];
  isolated: readonly ModelElementsRef[] | null;
  selection: readonly ModelElementsRef[];
  /** The new selection; `fit: false` when a node was added or taken out (the camera stays). */
  onSelect: (refs: ModelElementsRef[], options?: { fit: boolean }) => void;
  /** The toolbar's multi-select mode (touch): a plain tap adds or takes out, as Ctrl / Cmd-click does. */
  multiSelect?: boolean;
  onVisibility: (refs: ModelElementsRef[], visible: boolean) => void;
}

/** The site / building / storey / space / element tree of each open model. */
export function SpatialTreePanel(props: SpatialTreePanelProps) {
  const { t } = useTranslation();
  if (props.models.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modelViewer:tree.noModels')} />;
  return (
    <div className="viewer-tree" data-testid="viewer-tree">
      {props.models.map((model) => (
        <ModelTree key={model.modelId} model={model} {...props} />
      ))}
    </div>
  );
}

function ModelTree({
  projectId,
  model,
  hidden,
  isolated,
  selection,
  onSelect,
  multiSelect = false,
  onVisibility,
}: SpatialTreePanelProps & { model: ViewerModelInfo }) {
  const { t } = useTranslation();
  const tree = useSpatialTree(projectId, model.modelId, model.currentVersion ? undefined : model.versionId);
  const index = useMemo(
    () => (tree.data ? indexSpatialTree(model.modelId, tree.data) : null),
    [tree.data, model.modelId],
  );
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  // Where a Shift-click's range starts: the node clicked last without Shift.
  const anchor = useRef<string | null>(null);
  const language = useLanguage();

  const data = useMemo(() => {
    const kindLabel = (kind: SpatialNodeKind) => t(`modelViewer:tree.kind.${kind}`);
    const toData = (item: TreeItem): TreeDataNode => ({
      key: item.key,
      title: (
        <span className="viewer-tree__node" data-kind={item.node.kind}>
          {item.node.name ||
            (item.node.kind === 'element'
              ? ifcClassLabel(item.node.ifcClass, language)
              : kindLabel(item.node.kind))}
          {/* Containers say what they are, unless their name already is that. */}
          {item.node.kind === 'element' || !item.node.name ? null : (
            <Typography.Text type="secondary" className="viewer-tree__kind">
              {kindLabel(item.node.kind)}
            </Typography.Text>
          )}
        </span>
      ),
      children: item.children.map(toData),
      isLeaf: item.children.length === 0,
    });
    return index ? index.roots.map(toData) : [];
  }, [index, t, language]);

  const checked = useMemo(
    () => (index ? visibleLeafKeys(index, model.modelId, hidden, isolated) : []),
    [index, model.modelId, hidden, isolated],
  );
  const selectedKeys = useMemo(() => {
    if (!index) return [];
    return selection
      .filter((ref) => ref.modelId === model.modelId)
      .flatMap((ref) => ref.globalIds.map((id) => index.keyOfElement.get(id)))
      .filter((key): key is string => key !== undefined);
  }, [index, selection, model.modelId]);

  const refsOf = (key: Key): ModelElementsRef[] => {
    const globalIds = index?.elementsOf.get(String(key)) ?? [];
    return globalIds.length > 0 ? [{ modelId: model.modelId, globalIds }] : [];
  };
  const expandedKeys = expanded ?? index?.upToStoreys ?? [];

  // A click selects the node's elements; Ctrl / Cmd-click (or a tap in multi-select mode) adds them or, when
  // all are selected already, takes them out; Shift-click selects every shown node from the last click to
  // this one (this model's selection replaced, other models' kept).
  const select = (key: string, event: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean } = {}) => {
    if (event.shiftKey && anchor.current && index) {
      const range = rangeBetween(
        shownOrder(index.roots, new Set(expandedKeys.map(String))),
        anchor.current,
        key,
      );
      onSelect(normalizeRefs([...withoutModel(selection, model.modelId), ...range.flatMap(refsOf)]), {
        fit: false,
      });
      return;
    }
    anchor.current = key;
    const refs = refsOf(key);
    if (!(multiSelect || event.ctrlKey || event.metaKey)) {
      onSelect(refs);
      return;
    }
    const ids = refs[0]?.globalIds ?? [];
    const allIn = ids.length > 0 && ids.every((id) => containsElement(selection, model.modelId, id));
    onSelect(allIn ? removeRefs(selection, refs) : addRefs(selection, refs), { fit: false });
  };

  return (
    <section className="viewer-tree__model">
      <Typography.Text strong className="viewer-tree__model-name">
        {model.name}
      </Typography.Text>
      {tree.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : tree.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(tree.error, t)}
          action={
            <Button size="small" onClick={() => void tree.refetch()}>
              {t('common:action.retry')}
            </Button>
          }
        />
      ) : (
        <Tree
          checkable
          blockNode
          showLine
          treeData={data}
          checkedKeys={checked}
          selectedKeys={selectedKeys}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys)}
          onCheck={(_keys, info) => {
            const refs = refsOf(info.node.key);
            if (refs.length > 0) onVisibility(refs, info.checked);
          }}
          onSelect={(_keys, info) => select(String(info.node.key), info.nativeEvent)}
          data-testid={`viewer-tree-${model.modelId}`}
        />
      )}
    </section>
  );
}
