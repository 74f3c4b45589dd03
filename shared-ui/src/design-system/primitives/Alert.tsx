import type { HTMLAttributes, ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '../icons.ts';
import './designSystem.css';

export type AlertType = 'success' | 'error' | 'warning' | 'info';

type AlertProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  type: AlertType;
  title: ReactNode;
  /** A second, longer line: the alert then grows to antd's roomier look (larger icon and title). */
  description?: ReactNode;
};

const ICONS: Record<AlertType, typeof InfoCircleFilled> = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  warning: ExclamationCircleFilled,
  info: InfoCircleFilled,
};

/**
 * A message in a coloured box with its type's icon, as antd's Alert (whose styles are built at run
 * time by the theme engine). Announced as an alert unless the caller gives another role.
 */
export function Alert({ type, title, description, className, role = 'alert', ...rest }: AlertProps) {
  const Icon = ICONS[type];
  const classes = ['ds-alert', `ds-alert--${type}`, description ? 'ds-alert--with-description' : '', className];
  return (
    <div {...rest} role={role} className={classes.filter(Boolean).join(' ')}>
      <Icon className="ds-alert__icon" />
      <div className="ds-alert__section">
        <div className="ds-alert__title">{title}</div>
        {description ? <div className="ds-alert__description">{description}</div> : null}
      </div>
    </div>
  );
}
