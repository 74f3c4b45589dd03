/**
 * Debian's Inkscape, for the drawings the browser cannot make: an EMF/WMF drawn to PNG
 * (POST /api/metafile-preview) and a figure's vector PDF drawn as SVG (POST /api/figure-svg, the
 * CLI's --svg). One runner starts it (prlimit, its own home, no shell); the routes share one gate.
 */

export { pdfPageToSvg, pdfToSvgArgs } from './figureSvg.ts';
export {
  answerInkscapeFailure,
  createInkscapeGate,
  gateOf,
  type InkscapeGateOption,
  type InkscapeJobOutcome,
  inkscapeJob,
} from './job.ts';
export { aspectOf, convertMetafile, type MetafileFormat, PREVIEW_LONG_SIDE } from './metafile.ts';
export { ConversionFailed, ConverterMissing, type InkscapeRun, runInkscape } from './runInkscape.ts';
export { activeContentOf } from './svgSafety.ts';
