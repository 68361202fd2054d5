import type { ProjectAdministrator } from '@lintel/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/http';

/** The modules whose rights a page may say are missing (their labels are in common.json `missingRight`). */
export type MissingRightModule =
  | 'problemTopics'
  | 'contactLists'
  | 'announcements'
  | 'modelViewer'
  | 'personnel';
export type MissingRightPermission = 'create' | 'upload';

const administratorsKey = (projectId: string) => ['projects', projectId, 'administrators'] as const;

/**
 * GET projects/{id}/administrators: whom a member asks for a right (names only). Asked only when a right
 * is missing, kept for five minutes.
 */
export function useProjectAdministrators(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: administratorsKey(projectId),
    queryFn: ({ signal }) =>
      http.get<ProjectAdministrator[]>(
        `account-service/projects/${encodeURIComponent(projectId)}/administrators`,
        {
          signal,
        },
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * The sentence telling a member which right they lack and whom to ask: "你没有「问题」的新建权限，请联系项目
 * 管理员 张三、李四". `enabled`: only then are the administrators asked for; without their names (not loaded
 * yet, none, or an error) the sentence ends at "a project administrator".
 */
export function useMissingRightNote(
  projectId: string,
  module: MissingRightModule,
  permission: MissingRightPermission,
  enabled = true,
): string {
  const { t } = useTranslation();
  const administrators = useProjectAdministrators(projectId, enabled);
  const names = (administrators.data ?? []).map((admin) => admin.name).filter(Boolean);
  const values = {
    module: t(`common:missingRight.module.${module}`),
    right: t(`common:missingRight.permission.${permission}`),
    names: names.join(t('common:missingRight.separator')),
  };
  return names.length > 0
    ? t('common:missingRight.withNames', values)
    : t('common:missingRight.withoutNames', values);
}

interface MissingRightProps {
  projectId: string;
  module: MissingRightModule;
  permission: MissingRightPermission;
  /** The right: undefined while it is asked (nothing shown), true (the action as is), false (disabled, said why). */
  allowed: boolean | undefined;
  /** The action: a button (or anything taking `disabled`). */
  children: ReactElement<{ disabled?: boolean; onClick?: unknown }>;
  testId?: string;
}

/**
 * An action the member may lack the right for. Instead of hiding it, it stays in place disabled, and
 * hovering, focusing or tapping it says which right is missing and who can grant it.
 */
export function MissingRight({
  projectId,
  module,
  permission,
  allowed,
  children,
  testId,
}: MissingRightProps) {
  if (allowed === undefined) return null;
  if (allowed) return children;
  return (
    <MissingRightNote projectId={projectId} module={module} permission={permission} testId={testId}>
      {children}
    </MissingRightNote>
  );
}

function MissingRightNote({
  projectId,
  module,
  permission,
  children,
  testId,
}: Omit<MissingRightProps, 'allowed'>) {
  const note = useMissingRightNote(projectId, module, permission);
  return (
    <Tooltip title={note} trigger={['hover', 'focus', 'click']}>
      {/* A disabled button takes no pointer events: the wrapper carries the hint (and takes focus). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would break the toolbar's inline layout */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the only way to reach the hint by keyboard */}
      <span className="missing-right" role="group" tabIndex={0} aria-label={note} data-testid={testId}>
        {cloneElement(children, { disabled: true, onClick: undefined })}
      </span>
    </Tooltip>
  );
}
