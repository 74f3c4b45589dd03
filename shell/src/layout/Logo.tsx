/** The product mark: an image frame. Inline so the landing page needs no icon library. */
export function Logo({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--brand)" />
      <path d="M7 23l6-8 4 5 3-4 5 7z" fill="#fff" />
      <circle cx="21" cy="10" r="3" fill="#c7d2fe" />
    </svg>
  );
}
