import type { ReactNode } from 'react';

/**
 * The few line icons of the screens everyone opens first (header, sign-in): small inline SVGs drawn for
 * this app, sized and aligned like antd's outlined icons (`.app-icon` in global.css mirrors `.anticon`).
 * The icons of @ant-design/icons each carry a detailed path (the globe alone is 1 KB compressed); these
 * are a few hundred bytes together. Other screens keep using @ant-design/icons.
 */
export function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={className ? `app-icon ${className}` : 'app-icon'} aria-hidden>
      <svg
        viewBox="2 2 20 20"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        aria-hidden="true"
      >
        {children}
      </svg>
    </span>
  );
}

interface IconProps {
  className?: string;
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.4 2.6 3.6 5.6 3.6 9s-1.2 6.4-3.6 9c-2.4-2.6-3.6-5.6-3.6-9S9.6 5.6 12 3z" />
    </Icon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5v11.5M7 10l5 5 5-5M4 16.5V20h16v-3.5" />
    </Icon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4.2" />
      <path d="M4 21c.6-4.2 3.9-7 8-7s7.4 2.8 8 7" />
    </Icon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="1.5" />
      <path d="M8 10.5v-3a4 4 0 0 1 8 0v3M12 14.5v3" />
    </Icon>
  );
}

/** A model: a block in isometric view. */
export function ModelIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.8 20 7.4v9.2l-8 4.6-8-4.6V7.4zM4 7.4l8 4.6 8-4.6M12 12v9.2" />
    </Icon>
  );
}

/** An organisation: a tree of three boxes. */
export function OrganizationIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="9" y="3" width="6" height="5" rx="1" />
      <rect x="3" y="16" width="6" height="5" rx="1" />
      <rect x="15" y="16" width="6" height="5" rx="1" />
      <path d="M12 8v4M6 16v-4h12v4" />
    </Icon>
  );
}

/** A workflow: a sheet with a check mark. */
export function ApprovalIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8zM14 3v5h5M8.5 14l2.5 2.5 4.5-4.5" />
    </Icon>
  );
}

export function WarningOutlinedIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9.2" />
      <path d="M12 7.2v6.3" />
      <circle cx="12" cy="16.6" r="0.6" fill="currentColor" />
    </Icon>
  );
}

/** A filled disc with a white mark: the icon of an error (×) or a warning (!), as antd's Alert shows them. */
export function StatusFilledIcon({ type, ...props }: IconProps & { type: 'error' | 'warning' }) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
      {type === 'error' ? (
        <path d="m8.6 8.6 6.8 6.8m0-6.8-6.8 6.8" stroke="#fff" strokeWidth="2" />
      ) : (
        <>
          <path d="M12 6.6v6.6" stroke="#fff" strokeWidth="2.2" />
          <circle cx="12" cy="17" r="1.3" fill="#fff" stroke="none" />
        </>
      )}
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 6 12 12M18 6 6 18" />
    </Icon>
  );
}
