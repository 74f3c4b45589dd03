import type { ToolKind } from './toolCatalog.ts';

// Plain SVG paths (24×24, stroked) so the landing page needs no icon library.
const PATHS_BY_KIND: Record<ToolKind, string> = {
  url: 'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1',
  website:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  video: 'M4 6h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zM16 10l5-3v10l-5-3',
  pdf: 'M6 3h8l4 4v14H6zM14 3v4h4M9 13h6M9 17h4',
  docx: 'M6 3h8l4 4v14H6zM14 3v4h4M8.5 11l1.5 6 2-4 2 4 1.5-6',
  ppt: 'M4 4h16v11H4zM12 15v5M8 20h8M9 12V9M12 12V7M15 12v-2',
  any: 'M4 7h6l2 2h8v10H4zM9 14h6M12 11v6',
};

export function ToolIcon({ kind, size = 28 }: { kind: ToolKind; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS_BY_KIND[kind]} />
    </svg>
  );
}
