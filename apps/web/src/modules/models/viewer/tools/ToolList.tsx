import type { HTMLAttributes, ReactNode } from 'react';

/** A plain list of the panels' rows (antd's List is deprecated, and Listy is a virtual list for long feeds). */
export function ToolList({ children, className, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return (
    <ul className={`viewer-tool-list${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </ul>
  );
}

/** One row: its content, and its buttons at the end. */
export function ToolListItem({
  children,
  actions,
  className,
  ...rest
}: HTMLAttributes<HTMLLIElement> & { actions?: ReactNode }) {
  return (
    <li className={`viewer-tool-list__item${className ? ` ${className}` : ''}`} {...rest}>
      <div className="viewer-tool-list__content">{children}</div>
      {actions && <div className="viewer-tool-list__actions">{actions}</div>}
    </li>
  );
}
