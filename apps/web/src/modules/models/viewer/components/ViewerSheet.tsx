import { CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type SheetSize = 'closed' | 'half' | 'full';

export interface SheetTab {
  key: string;
  label: string;
  content: ReactNode;
}

const LARGER: Record<SheetSize, SheetSize> = { closed: 'half', half: 'full', full: 'full' };
const SMALLER: Record<SheetSize, SheetSize> = { closed: 'closed', half: 'closed', full: 'half' };
/** A drag of the handle shorter than this is a tap. */
const DRAG_MIN = 24;

/**
 * The viewer's panels on a phone: a bottom sheet under the canvas, closed (its tabs only), half or full
 * height; the canvas takes what is left (the renderer follows its container's size). The handle is dragged
 * up or down (or tapped: open / close), the buttons do the same. Every tab stays mounted (a tool's panel is
 * portalled into the properties tab), only the current one shows.
 */
export function ViewerSheet(props: {
  size: SheetSize;
  onSize: (size: SheetSize) => void;
  tab: string;
  onTab: (tab: string) => void;
  tabs: SheetTab[];
}) {
  const { t } = useTranslation();
  const { size, onSize, tab, onTab, tabs } = props;
  const pressed = useRef<{ y: number; id: number } | null>(null);
  const dragged = useRef(false);

  return (
    <section className={`viewer-sheet viewer-sheet--${size}`} data-testid="viewer-sheet" data-size={size}>
      <div className="viewer-sheet__head">
        <button
          type="button"
          className="viewer-sheet__handle"
          aria-label={t('modelViewer:sheet.handle')}
          data-testid="viewer-sheet-handle"
          onPointerDown={(event) => {
            pressed.current = { y: event.clientY, id: event.pointerId };
          }}
          onPointerUp={(event) => {
            const start = pressed.current;
            pressed.current = null;
            if (!start || start.id !== event.pointerId) return;
            const moved = event.clientY - start.y;
            dragged.current = Math.abs(moved) > DRAG_MIN;
            if (moved < -DRAG_MIN) onSize(LARGER[size]);
            else if (moved > DRAG_MIN) onSize(SMALLER[size]);
          }}
          onClick={() => {
            // The click after a drag is the drag's; a tap or the keyboard opens or closes.
            if (dragged.current) dragged.current = false;
            else onSize(size === 'closed' ? 'half' : 'closed');
          }}
        />
        <div className="viewer-sheet__tabs" role="tablist">
          {tabs.map((item) => (
            <button
              key={item.key}
              type="button"
              role="tab"
              aria-selected={size !== 'closed' && tab === item.key}
              className="viewer-sheet__tab"
              data-testid={`viewer-sheet-tab-${item.key}`}
              onClick={() => {
                onTab(item.key);
                if (size === 'closed') onSize('half');
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
        <Button
          type="text"
          icon={size === 'full' ? <DownOutlined /> : <UpOutlined />}
          aria-label={size === 'full' ? t('modelViewer:sheet.half') : t('modelViewer:sheet.full')}
          data-testid="viewer-sheet-size"
          onClick={() => onSize(size === 'full' ? 'half' : 'full')}
        />
        {size !== 'closed' && (
          <Button
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('modelViewer:sheet.close')}
            data-testid="viewer-sheet-close"
            onClick={() => onSize('closed')}
          />
        )}
      </div>
      {tabs.map((item) => (
        <div
          key={item.key}
          className="viewer-sheet__body"
          role="tabpanel"
          hidden={size === 'closed' || tab !== item.key}
          data-testid={`viewer-sheet-panel-${item.key}`}
        >
          {item.content}
        </div>
      ))}
    </section>
  );
}
