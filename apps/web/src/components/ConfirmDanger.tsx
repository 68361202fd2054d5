import './confirmTexts';
import './ConfirmDanger.css';
import { Input, type InputRef, Popconfirm } from 'antd';
import { type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDangerProps {
  title: ReactNode;
  description?: ReactNode;
  /** The confirming button's text; "Delete" by default. */
  okText?: string;
  /** Test id of the confirming button. */
  okTestId: string;
  onConfirm: () => unknown;
  /**
   * For what cannot be undone and weighs much (a whole project): the person types this name before the
   * confirming button enables, so a slip of the mouse on the wrong row cannot delete it.
   */
  typeToConfirm?: string;
  /** Test id of the field where the name is typed (with `typeToConfirm`). */
  inputTestId?: string;
  /** The button that asks. */
  children: ReactElement;
}

/** Asks before a destructive action, with a red confirming button (delete, remove, revoke). */
export function ConfirmDanger({
  title,
  description,
  okText,
  okTestId,
  onConfirm,
  typeToConfirm,
  inputTestId,
  children,
}: ConfirmDangerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const inputRef = useRef<InputRef>(null);
  const typing = typeToConfirm !== undefined;
  // The typing field takes the focus at every opening (the popup may be kept between openings, so
  // autoFocus alone would only work the first time); after the frame in which the popup mounts.
  useEffect(() => {
    if (!open || !typing) return;
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open, typing]);
  const confirmed = typeToConfirm === undefined || typed.trim() === typeToConfirm.trim();
  const changeOpen = (next: boolean) => {
    setOpen(next);
    // Every opening starts from an empty field: a name typed for another row never carries over.
    if (!next) setTyped('');
  };

  return (
    <Popconfirm
      open={open}
      onOpenChange={changeOpen}
      title={title}
      description={
        !typing ? (
          description
        ) : (
          <div className="confirm-danger__type">
            {description ? <div>{description}</div> : null}
            <label className="confirm-danger__label" htmlFor={inputId}>
              {t('confirm:typeName', { name: typeToConfirm })}
            </label>
            <Input
              id={inputId}
              ref={inputRef}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onPressEnter={() => {
                if (!confirmed) return;
                changeOpen(false);
                void onConfirm();
              }}
              data-testid={inputTestId}
            />
          </div>
        )
      }
      okText={okText ?? t('confirm:delete')}
      cancelText={t('confirm:cancel')}
      // antd types no data attributes on the button props; the browser tests find the button by it.
      okButtonProps={{ danger: true, disabled: !confirmed, ...({ 'data-testid': okTestId } as object) }}
      onConfirm={onConfirm}
      // Nothing typed lingers in a hidden popup.
      destroyOnHidden={typing}
    >
      {children}
    </Popconfirm>
  );
}
