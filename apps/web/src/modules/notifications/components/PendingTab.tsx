import { TODO_DELAY_LABELS, TODO_DELAYS, type Todo, type TodoDelay } from '@lintel/contracts/notifications';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../app/useLanguage';
import { useTodos } from '../api';
import { type CentreState, isAppLink, todoTarget } from '../paths';
import { PagedList } from './ListStates';
import { ModuleFilter, ModuleTag } from './ModuleFilter';
import { RelativeTime, useNow } from './RelativeTime';

type Change = (patch: Partial<CentreState>) => void;
type DelayChoice = TodoDelay | 'all';

/** One open to-do: opening it follows its link (with its stored query); the module closes it when done. */
function TodoItem({ item, now }: { item: Todo; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = isAppLink(item.link) ? todoTarget(item.link, item.queryParam) : null;
  const late = item.delayDays > 0;
  const body = (
    <>
      <span className="notification-item__text">
        <span className="notification-item__title" data-testid="todo-title">
          {item.title}
        </span>
        {item.content ? <span className="notification-item__content">{item.content}</span> : null}
      </span>
    </>
  );
  return (
    <li className="notification-item" data-testid={`todo-${item._id}`}>
      {target ? (
        <button
          type="button"
          className="notification-item__main"
          onClick={() => void navigate(target)}
          data-testid="todo-open"
        >
          {body}
        </button>
      ) : (
        <div className="notification-item__main">{body}</div>
      )}
      <div className="notification-item__meta">
        <ModuleTag module={item.module} />
        {item.dueDate ? (
          <span className="notification-due" data-testid="todo-due">
            {t('notifications:pending.due', { date: item.dueDate })}
          </span>
        ) : null}
        {late ? (
          <span className="notification-late" data-testid="todo-late">
            {t('notifications:pending.late', { count: item.delayDays })}
          </span>
        ) : null}
        <RelativeTime iso={item.createdAt} now={now} />
      </div>
    </li>
  );
}

/** The pending tab: the user's open to-dos across modules, by delay band (spec 001 §9) and module. */
export function PendingTab({ state, change }: { state: CentreState; change: Change }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const todos = useTodos({ delay: state.delay, module: state.module, page: state.page });
  const choices: { value: DelayChoice; label: string }[] = [
    { value: 'all', label: t('notifications:pending.allDelays') },
    ...TODO_DELAYS.map((delay) => ({ value: delay, label: TODO_DELAY_LABELS[delay][language] })),
  ];

  return (
    <div className="notification-centre__panel">
      <div className="notification-centre__toolbar">
        <Segmented<DelayChoice>
          value={state.delay ?? 'all'}
          onChange={(value) => change({ delay: value === 'all' ? null : value, page: 1 })}
          aria-label={t('notifications:pending.delay')}
          options={choices.map(({ value, label }) => ({
            value,
            label: <span data-testid={`delay-${value}`}>{label}</span>,
          }))}
        />
        <ModuleFilter
          value={state.module}
          onChange={(module) => change({ module, page: 1 })}
          testId="todos-module"
        />
      </div>
      <PagedList
        query={todos}
        page={state.page}
        onPage={(page) => change({ page })}
        errorTitle={t('notifications:pending.error')}
        emptyText={
          state.delay || state.module
            ? t('notifications:pending.emptyFiltered')
            : t('notifications:pending.empty')
        }
        testId="todos"
      >
        {(rows) => rows.map((item) => <TodoItem key={item._id} item={item} now={now} />)}
      </PagedList>
    </div>
  );
}
