/** "2.47 MB": the spec shows a chosen file's size in MB to 2 decimals (1 MB = 1024 × 1024 bytes). */
export function formatMegabytes2(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
