import {
  ApartmentOutlined,
  BankOutlined,
  FolderOutlined,
  LockOutlined,
  ProjectOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  buildOrgTree,
  type Circle,
  type Enterprise,
  filterTree,
  findPath,
  type OrgTreeNode,
  type Project,
  walkTree,
} from '@lintel/contracts/org';
import { App, Button, Card, Input, Tag, Tree, type TreeDataNode } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorMessage } from '../../../lib/errors';
import { isHttpError } from '../../../lib/http';
import { enterPlace, useMyCircles, useMyEnterprises, useMyProjects } from '../../enterprise/api';
import { projectPath } from '../../workbench/paths';
import { highlight } from '../highlight';
import { type Place, readPlace, writePlace } from '../place';
import { HomeEmptyState } from './HomeEmptyState';

type Node = OrgTreeNode<Enterprise, Circle, Project>;

const nodeKey = (node: { type: string; _id: string }) => `${node.type}:${node._id}`;

/**
 * Headers for the enterprises of projects the user belongs to without being a member of the enterprise
 * itself (GET enterprises leaves those out): named from the project list's `enterpriseName`, so such a
 * project sits under its enterprise's name rather than under 'other'. The header is read-only.
 */
export function enterpriseHeaders(
  enterprises: readonly Enterprise[],
  items: readonly { enterpriseId: string; enterpriseName?: string | undefined }[],
) {
  const known = new Set(enterprises.map((e) => e._id));
  const headers = new Map<string, Enterprise>();
  for (const item of items) {
    if (known.has(item.enterpriseId) || headers.has(item.enterpriseId) || !item.enterpriseName) continue;
    // Only `_id` and `name` are read of a header (the tree's title); it is never opened as an enterprise.
    headers.set(item.enterpriseId, { _id: item.enterpriseId, name: item.enterpriseName } as Enterprise);
  }
  return [...headers.values()];
}
const ICONS = {
  enterprise: <BankOutlined />,
  circle: <ApartmentOutlined />,
  project: <ProjectOutlined />,
  other: <FolderOutlined />,
} as const;
/** Above this many nodes the tree renders only what is on screen. */
const VIRTUAL_FROM = 400;

/**
 * The home tree of spec 000 §4: the user's enterprises, circles and projects (contracts' `buildOrgTree`:
 * circles nest, parentless items under 'other', depth cap), a search that keeps the matches with their
 * ancestors, the last place restored and expanded. Choosing a project enters it (PUT projects/{id}/enter)
 * and opens its workbench; a project the server refuses shows 'no project permission'.
 */
export function OrgTreePanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const enterprises = useMyEnterprises();
  const circles = useMyCircles();
  const projects = useMyProjects();
  const [keyword, setKeyword] = useState('');
  const [place, setPlace] = useState<Place | null>(() => readPlace(userId));
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [denied, setDenied] = useState<ReadonlySet<string>>(() => new Set());
  const [entering, setEntering] = useState<string | null>(null);

  // Circles and projects of enterprises the user is not a member of are headed by their enterprise's name.
  const headers = useMemo(
    () =>
      enterprises.data && circles.data && projects.data
        ? enterpriseHeaders(enterprises.data, [...circles.data, ...projects.data])
        : [],
    [enterprises.data, circles.data, projects.data],
  );
  const readOnly = useMemo(() => new Set(headers.map((e) => e._id)), [headers]);
  const tree = useMemo<Node[]>(
    () =>
      enterprises.data && circles.data && projects.data
        ? buildOrgTree(
            {
              enterprises: [...enterprises.data, ...headers],
              circles: circles.data,
              projects: projects.data,
            },
            { otherTitle: t('home:tree.other') },
          )
        : [],
    [enterprises.data, circles.data, projects.data, headers, t],
  );
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const searching = keyword.trim() !== '';

  // The last place: its ancestors open, the place selected (once the tree is in).
  const placePath = useMemo(() => (place ? findPath(tree, place.id, place.type) : undefined), [tree, place]);
  const restored = expanded ?? (placePath ? placePath.slice(0, -1).map(nodeKey) : []);
  const searchExpanded = useMemo(() => {
    const keys: string[] = [];
    if (searching) walkTree(shown, (node) => void (node.children.length > 0 && keys.push(nodeKey(node))));
    return keys;
  }, [shown, searching]);
  const count = useMemo(() => {
    let n = 0;
    walkTree(tree, () => void n++);
    return n;
  }, [tree]);

  const treeRef = useRef<HTMLDivElement>(null);
  const placeKey = place ? `${place.type}:${place.id}` : null;
  useEffect(() => {
    if (!placeKey || !placePath) return;
    treeRef.current?.querySelector('.ant-tree-treenode-selected')?.scrollIntoView?.({ block: 'nearest' });
  }, [placeKey, placePath]);

  const remember = (next: Place) => {
    setPlace(next);
    writePlace(userId, next);
  };

  const enterProject = async (project: Project) => {
    if (entering) return;
    setEntering(project._id);
    try {
      await enterPlace('project', project._id);
      remember({ type: 'project', id: project._id });
      void navigate(projectPath(project._id));
    } catch (error) {
      if (isHttpError(error) && (error.status === 404 || error.status === 403)) {
        setDenied((set) => new Set(set).add(project._id));
        void message.warning(t('home:tree.noPermission'));
      } else {
        void message.error(errorMessage(error, t));
      }
    } finally {
      setEntering(null);
    }
  };

  const choose = (node: Node) => {
    if (node.type === 'project') {
      void enterProject(node.data);
      return;
    }
    const key = nodeKey(node);
    const open = searching ? searchExpanded : restored;
    setExpanded(open.includes(key) ? open.filter((k) => k !== key) : [...open, key]);
    // A read-only header (an enterprise the user is no member of) only opens and closes.
    if ((node.type === 'enterprise' && !readOnly.has(node._id)) || node.type === 'circle') {
      remember({ type: node.type, id: node._id });
      // Remembered on the server too; a failure there changes nothing for the user.
      void enterPlace(node.type, node._id).catch(() => undefined);
    }
  };

  const treeData = useMemo(() => {
    const toData = (nodes: readonly Node[]): TreeDataNode[] =>
      nodes.map((node) => {
        const isDenied = node.type === 'project' && denied.has(node._id);
        return {
          key: nodeKey(node),
          icon: ICONS[node.type],
          isLeaf: node.type === 'project',
          title: (
            <span className="home-tree__title" data-testid={`home-tree-${node.type}`} data-id={node._id}>
              <span className="home-tree__name">
                {highlight(node.type === 'other' ? t('home:tree.other') : node.title, keyword)}
              </span>
              {node.type === 'enterprise' && readOnly.has(node._id) ? (
                <span className="home-tree__hint" data-testid="home-tree-readonly">
                  {t('home:tree.memberOnly')}
                </span>
              ) : null}
              {isDenied ? (
                <Tag icon={<LockOutlined />} color="default" data-testid="home-tree-denied">
                  {t('home:tree.noPermission')}
                </Tag>
              ) : null}
              {node.type === 'project' && entering === node._id ? (
                <span className="home-tree__hint">{t('home:tree.entering')}</span>
              ) : null}
            </span>
          ),
          children: toData(node.children),
        };
      });
    return toData(shown);
  }, [shown, denied, entering, keyword, readOnly, t]);

  const failed = enterprises.error ?? circles.error ?? projects.error;
  if (enterprises.isPending || circles.isPending || projects.isPending) {
    return (
      <Card title={t('home:tree.title')} variant="borderless" data-testid="home-tree-loading">
        <PageSpinner />
      </Card>
    );
  }
  if (failed) {
    return (
      <Card variant="borderless">
        <ErrorState
          title={t('home:tree.error')}
          description={errorMessage(failed, t)}
          actionLabel={t('common:action.retry')}
          onAction={() => {
            void enterprises.refetch();
            void circles.refetch();
            void projects.refetch();
          }}
          testId="home-tree-error"
        />
      </Card>
    );
  }
  if (tree.length === 0) return <HomeEmptyState userId={userId} />;

  const find = (key: Key): Node | undefined => {
    let hit: Node | undefined;
    walkTree(shown, (node) => {
      if (hit) return false;
      if (nodeKey(node) === key) hit = node;
      return true;
    });
    return hit;
  };

  return (
    <Card
      title={t('home:tree.title')}
      variant="borderless"
      data-testid="home-tree"
      extra={
        <Button type="link" onClick={() => void navigate('/e')} data-testid="home-open-e">
          {t('home:tree.manage')}
        </Button>
      }
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('home:tree.search')}
        aria-label={t('home:tree.search')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        data-testid="home-tree-search"
        className="home-tree__search"
      />
      {shown.length === 0 ? (
        <p className="home-tree__none" data-testid="home-tree-no-match">
          {t('home:tree.noMatch')}
        </p>
      ) : (
        <div ref={treeRef}>
          <Tree
            showIcon
            blockNode
            className="home-tree"
            treeData={treeData}
            expandedKeys={searching ? searchExpanded : restored}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={placeKey ? [placeKey] : []}
            onSelect={(_keys, info) => {
              const node = find(info.node.key);
              if (node) choose(node);
            }}
            {...(count > VIRTUAL_FROM ? { height: 560, virtual: true } : { virtual: false })}
            aria-label={t('home:tree.title')}
          />
        </div>
      )}
    </Card>
  );
}
