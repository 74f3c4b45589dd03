/** Boxes and affine matrices in PDF user space (y up), as the figure finder uses them. */

/** `[x0, y0, x1, y1]` with x0 <= x1 and y0 <= y1. */
export type Box = [number, number, number, number];
/** `[a, b, c, d, e, f]`: a point maps as `[x y 1] × M` (ISO 32000-1 §8.3.3). */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m1 × m2`: m1 applied first. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = m1;
  const [a2, b2, c2, d2, e2, f2] = m2;
  return [
    a1 * a2 + b1 * c2,
    a1 * b2 + b1 * d2,
    c1 * a2 + d1 * c2,
    c1 * b2 + d1 * d2,
    e1 * a2 + f1 * c2 + e2,
    e1 * b2 + f1 * d2 + f2,
  ];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];
}

/** The axis-aligned box around a box mapped through `m`. */
export function transformBox(m: Matrix, box: Box): Box {
  const corners = [
    apply(m, box[0], box[1]),
    apply(m, box[2], box[1]),
    apply(m, box[0], box[3]),
    apply(m, box[2], box[3]),
  ];
  return boxOfPoints(corners);
}

export function boxOfPoints(points: [number, number][]): Box {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

export function union(a: Box, b: Box): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** The common part, or undefined when there is none. */
export function intersect(a: Box, b: Box): Box | undefined {
  const box: Box = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return box[0] <= box[2] && box[1] <= box[3] ? box : undefined;
}

export function area(box: Box): number {
  return Math.max(0, box[2] - box[0]) * Math.max(0, box[3] - box[1]);
}

export function width(box: Box): number {
  return box[2] - box[0];
}

export function height(box: Box): number {
  return box[3] - box[1];
}

export function isFiniteBox(box: Box): boolean {
  return box.every(Number.isFinite);
}

/** Intersection over union; boxes of zero area (a rule) count by their extent along their length. */
export function iou(a: Box, b: Box): number {
  const common = intersect(a, b);
  const both = area(a) + area(b) - (common ? area(common) : 0);
  return both > 0 && common ? area(common) / both : 0;
}

/** Overlap of the x-extents, in points (negative: the gap between them). */
export function xOverlap(a: Box, b: Box): number {
  return Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
}

/** Overlap of the y-extents, in points (negative: the gap between them). */
export function yOverlap(a: Box, b: Box): number {
  return Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
}

export function grow(box: Box, dx: number, dy: number): Box {
  return [box[0] - dx, box[1] - dy, box[2] + dx, box[3] + dy];
}
