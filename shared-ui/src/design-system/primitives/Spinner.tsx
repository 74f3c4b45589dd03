import './designSystem.css';

/** A spinning ring for "loading" states (drawn by CSS; antd's Spin costs 3 KB gzip). Decorative: say what loads beside it. */
export function Spinner({ size = 24 }: { size?: number }) {
  return <span className="ds-spinner" aria-hidden="true" style={{ width: size, height: size }} />;
}
