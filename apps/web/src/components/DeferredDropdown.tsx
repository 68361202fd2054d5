import type { DropdownProps, MenuProps } from 'antd';
import { type ComponentType, cloneElement, type ReactElement, useEffect, useRef, useState } from 'react';

type DropdownComponent = ComponentType<DropdownProps>;

let loaded: DropdownComponent | null = null;
let loading: Promise<DropdownComponent> | null = null;

function loadDropdown(): Promise<DropdownComponent> {
  loading ??= import('./dropdownModule').then((module) => {
    loaded = module.Dropdown as DropdownComponent;
    return loaded;
  });
  return loading;
}

interface TriggerProps {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
}

interface DeferredDropdownProps {
  menu: MenuProps;
  placement?: DropdownProps['placement'];
  /** The trigger: a button, which receives the intent handlers until the dropdown code is there. */
  children: ReactElement<TriggerProps>;
}

/**
 * antd's click Dropdown, whose code (menu, popup positioning: ~20 KB gzip) is fetched on the first sign of
 * intent — pointer over, focus or click on the trigger — rather than with every screen. Until then the
 * trigger renders alone; a click made before the code arrived opens the menu once it has, and keyboard focus
 * stays on the trigger.
 */
export function DeferredDropdown({ menu, placement = 'bottomRight', children }: DeferredDropdownProps) {
  const [Dropdown, setDropdown] = useState<DropdownComponent | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);

  const arm = (openAfterLoad: boolean) => {
    if (Dropdown) return;
    refocus.current = wrapper.current?.contains(document.activeElement) ?? false;
    void loadDropdown().then((component) => {
      setDropdown(() => component);
      if (openAfterLoad) setOpen(true);
    });
  };

  useEffect(() => {
    if (!Dropdown || !refocus.current) return;
    refocus.current = false;
    wrapper.current?.querySelector<HTMLElement>('button, [tabindex]')?.focus();
  }, [Dropdown]);

  if (!Dropdown) {
    return (
      <span ref={wrapper} className="deferred-dropdown">
        {cloneElement(children, {
          onPointerEnter: () => arm(false),
          onFocus: () => arm(false),
          onClick: () => arm(true),
        })}
      </span>
    );
  }

  return (
    <span ref={wrapper} className="deferred-dropdown">
      <Dropdown
        trigger={['click']}
        placement={placement}
        open={open}
        onOpenChange={setOpen}
        menu={{
          ...menu,
          onClick: (info) => {
            setOpen(false);
            menu.onClick?.(info);
          },
        }}
      >
        {children}
      </Dropdown>
    </span>
  );
}
