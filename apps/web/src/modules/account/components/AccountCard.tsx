import './flows.css';
import type { ReactNode } from 'react';

interface AccountCardProps {
  /** A step indicator above the title. */
  steps?: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the form. */
  footer?: ReactNode;
  testId: string;
  wide?: boolean;
  /** Title and content centred (a result screen). */
  centered?: boolean;
}

/** The frame of the registration, reset and bind-phone screens: one centred card. */
export function AccountCard({
  steps,
  title,
  subtitle,
  children,
  footer,
  testId,
  wide,
  centered,
}: AccountCardProps) {
  return (
    <div className="account-flow" data-testid={testId}>
      <section
        className={`account-flow__card${wide ? ' account-flow__card--wide' : ''}${centered ? ' account-flow__card--centered' : ''}`}
        aria-labelledby={`${testId}-title`}
      >
        {steps}
        <h1 id={`${testId}-title`} className="login-card__title">
          {title}
        </h1>
        {subtitle ? <p className="account-flow__subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="login-links">{footer}</div> : null}
      </section>
    </div>
  );
}
