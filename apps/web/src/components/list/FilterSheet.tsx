import './locales';
import './list.css';
import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../lib/useIsPhone';

export interface FilterSheetProps {
  /** The keyword search: stays in the bar on a phone too. */
  search?: ReactNode;
  /** The filter controls (selects, pickers): in the bar on a desktop, in a bottom sheet on a phone. */
  children: ReactNode;
  /** How many filters (besides the search) are set: on the phone's button, and whether "clear" shows. */
  active: number;
  /** Clears every filter (and the search). */
  onClear: () => void;
  /**
   * How many results the list has with the filters as they are now: the sheet says it while filters change
   * (they apply at once) and its "done" button reads "show N results". Omitted: the sheet shows no count.
   */
  results?: number;
  /** The desktop bar's own "clear" label and test id (kept from before the sheet). */
  clearLabel?: string;
  clearTestId?: string;
  /** Whether the desktop bar shows "clear" (defaults to `active > 0`; pages count the search in it). */
  showClear?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A list page's filter bar. From 768 px up: the search, the controls and "clear" in one wrapping row, as
 * before. On a phone: the search and a "Filter" button with the number of active filters; the button opens
 * a bottom sheet holding the same controls. They filter as they change, like on a desktop: there is no
 * "apply" step. The sheet says so and counts the results live; "clear" resets, "show N results" (done)
 * closes it.
 */
export function FilterSheet({
  search,
  children,
  active,
  results,
  onClear,
  clearLabel,
  clearTestId,
  showClear,
  className,
  testId,
}: FilterSheetProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [open, setOpen] = useState(false);
  const clearText = clearLabel ?? t('list:filter.clear');

  if (!isPhone) {
    return (
      <Space wrap className={className} data-testid={testId}>
        {search}
        {children}
        {(showClear ?? active > 0) ? (
          <Button type="link" onClick={onClear} data-testid={clearTestId}>
            {clearText}
          </Button>
        ) : null}
      </Space>
    );
  }

  const label = active > 0 ? t('list:filter.openActive', { count: active }) : t('list:filter.open');
  return (
    <div className="list-filters--phone" data-testid={testId}>
      {search ? <div className="list-filters__search">{search}</div> : null}
      <Badge count={active} size="small" offset={[-4, 4]}>
        <Button
          className="list-filters__open"
          icon={<FilterOutlined aria-hidden />}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          data-testid={testId ? `${testId}-open` : undefined}
        >
          {t('list:filter.open')}
        </Button>
      </Badge>
      <Drawer
        open={open}
        placement="bottom"
        size="auto"
        title={t('list:filter.title')}
        onClose={() => setOpen(false)}
        closable={{ 'aria-label': t('list:filter.close') }}
        rootClassName="list-filters__sheet"
        styles={{ wrapper: { maxHeight: '85vh' } }}
        footer={
          <div className="list-filters__sheet-footer">
            <Button
              disabled={active === 0 && !showClear}
              onClick={onClear}
              data-testid={testId ? `${testId}-clear` : undefined}
            >
              {clearText}
            </Button>
            <Button
              type="primary"
              onClick={() => setOpen(false)}
              data-testid={testId ? `${testId}-apply` : undefined}
            >
              {results === undefined
                ? t('list:filter.apply')
                : t('list:filter.showResults', { count: results })}
            </Button>
          </div>
        }
      >
        <p
          className="list-filters__live"
          role="status"
          data-testid={testId ? `${testId}-results` : undefined}
        >
          {results === undefined ? t('list:filter.live') : t('list:filter.liveResults', { count: results })}
        </p>
        <div className="list-filters__sheet-body">{children}</div>
      </Drawer>
    </div>
  );
}
