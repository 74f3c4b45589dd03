import type { HTMLAttributes } from 'react';
import './designSystem.css';

/** A short label in a tinted box, as antd's Tag (blue and purple are the ones the site uses). */
export function Tag({ color, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { color?: 'blue' | 'purple' }) {
  const classes = ['ds-tag', color ? `ds-tag--${color}` : '', className].filter(Boolean);
  return <span {...rest} className={classes.join(' ')} />;
}
