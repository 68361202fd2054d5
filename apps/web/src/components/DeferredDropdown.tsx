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
 * intent — pointer over, focus or click on the trigger — rather than with every screen. Until the first click
 * the trigger renders alone: pointer over and focus only fetch the code, and the click swaps in the real
 * Dropdown and opens it (at once when the code is there, else once it has arrived), keeping keyboard focus on
 * the trigger. The swap waits for the click because it remounts the trigger: swapped while a click was under
 * way (the code arriving between pointer down and up), that click landed on the old, detached button and
 * was lost.
 */
export function DeferredDropdown({ menu, placement = 'bottomRight', children }: DeferredDropdownProps) {
  const [Dropdown, setDropdown] = useState<DropdownComponent | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);

  const openOnLoad = () => {
    if (Dropdown) return;
    refocus.current = wrapper.current?.contains(document.activeElement) ?? false;
    const show = (component: DropdownComponent) => {
      setDropdown(() => component);
      setOpen(true);
    };
    if (loaded) show(loaded);
    else void loadDropdown().then(show);
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
          onPointerEnter: () => void loadDropdown(),
          onFocus: () => void loadDropdown(),
          onClick: openOnLoad,
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
