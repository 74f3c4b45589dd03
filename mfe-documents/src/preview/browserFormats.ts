/** Formats every browser this site supports draws in an <img>; anything else gets a placeholder or a converted preview. */
const DISPLAYABLE = new Set(['PNG', 'JPEG', 'GIF', 'WEBP', 'BMP', 'SVG', 'ICO', 'AVIF']);

export function browserCanShow(format: string | undefined): boolean {
  return format !== undefined && DISPLAYABLE.has(format.toUpperCase());
}
