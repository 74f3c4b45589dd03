import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import './designSystem.css';

type Tone = 'secondary' | 'success' | 'warning' | 'danger';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

type TitleProps = HTMLAttributes<HTMLHeadingElement> & { level?: 1 | 2 | 3 | 4 | 5 };

/** A heading of the site's scale (antd's sizes, without antd's Typography: ellipsis, copy and edit cost 16 KB). */
export function Title({ level = 1, className, ...rest }: TitleProps) {
  const Heading = `h${level}` as const;
  return <Heading className={classes('ds-title', `ds-title--${level}`, className)} {...rest} />;
}

type TextProps = HTMLAttributes<HTMLSpanElement> & {
  type?: Tone;
  strong?: boolean;
  /** One line, cut with an ellipsis; the full text stays in the DOM and in the title. */
  ellipsis?: boolean | { tooltip?: ReactNode };
};

export function Text({ type, strong, ellipsis, className, title, children, ...rest }: TextProps) {
  const cut = Boolean(ellipsis);
  return (
    <span
      className={classes(
        'ds-text',
        type && `ds-tone--${type}`,
        strong && 'ds-text--strong',
        cut && 'ds-ellipsis',
        className,
      )}
      title={title ?? (cut && typeof children === 'string' ? children : undefined)}
      {...rest}
    >
      {children}
    </span>
  );
}

type ParagraphProps = HTMLAttributes<HTMLParagraphElement> & { type?: Tone; ellipsis?: boolean };

export function Paragraph({ type, ellipsis, className, ...rest }: ParagraphProps) {
  return (
    <p
      className={classes('ds-paragraph', type && `ds-tone--${type}`, ellipsis && 'ds-ellipsis', className)}
      {...rest}
    />
  );
}

/** A card: a white surface with the theme's border and radius (antd's Card brings Tabs and Skeleton, 31 KB). */
export function Card({
  title,
  cover,
  size,
  hoverable,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & {
  title?: ReactNode;
  /** Full-bleed content above the body (a picture). */
  cover?: ReactNode;
  size?: 'small' | 'default';
  hoverable?: boolean;
  style?: CSSProperties;
}) {
  return (
    <div
      className={classes('ds-card', size === 'small' && 'ds-card--small', hoverable && 'ds-card--hoverable', className)}
      {...rest}
    >
      {title ? <div className="ds-card__head">{title}</div> : null}
      {cover ? <div className="ds-card__cover">{cover}</div> : null}
      <div className="ds-card__body">{children}</div>
    </div>
  );
}
