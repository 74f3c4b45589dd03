import type * as ExcelJS from 'exceljs';
import type { Cell, Row, Workbook, Worksheet } from 'exceljs';
import { AUDIT_SEVERITIES, type AuditReport, MESSAGES } from 'shared-contracts';
import {
  AUDIT_EXPORT_COLUMNS,
  type ExportCell,
  findingRow,
  findingsByRule,
  httpHref,
  printable,
  ruleTitle,
} from './rows.ts';

// exceljs (and its zip and XML code) is loaded when a workbook is first asked for, not when the
// server starts: most servers never write one. A CommonJS package: its exports are the default.
let loading: Promise<{ default: typeof ExcelJS }> | undefined;
const loadExcel = async () => {
  loading ??= import('exceljs') as unknown as Promise<{ default: typeof ExcelJS }>;
  return (await loading).default;
};

// What Excel itself accepts, past which it calls the file damaged: text per cell, characters of a
// link's address, rows per sheet, characters of a sheet's name.
const EXCEL_MAX_CELL_CHARS = 32_767;
const EXCEL_MAX_LINK_CHARS = 2_079;
const EXCEL_MAX_ROWS = 1_048_576;
const EXCEL_MAX_SHEET_NAME = 31;

const SUMMARY_SHEET = 'Summary';

/** Column widths in characters, in AUDIT_EXPORT_COLUMNS' order: long text wide, counts narrow. */
const WIDTHS = [10, 34, 22, 60, 50, 11, 60, 36, 60, 80, 14, 60] as const;
/** The columns whose text is one address: linked when it is http(s). */
const LINKED = new Set<number>([AUDIT_EXPORT_COLUMNS.indexOf('Image URL'), AUDIT_EXPORT_COLUMNS.indexOf('First page')]);
const BYTES_FORMAT = '#,##0';
const LINK_FONT = { color: { argb: 'FF0563C1' }, underline: true } as const;

/**
 * A sheet name Excel accepts: none of []:*?/\, no apostrophe at either end, at most 31 characters
 * (cut at a word, with an ellipsis), unique in the workbook whatever the case ("Name (2)").
 */
export function sheetName(wanted: string, taken: Set<string>): string {
  const clean =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s']+|[\s']+$/g, '') || 'Sheet';
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const name = `${shorten(clean, EXCEL_MAX_SHEET_NAME - suffix.length)}${suffix}`;
    const key = name.toLowerCase();
    // "History" is Excel's own sheet name for tracked changes.
    if (!taken.has(key) && key !== 'history') {
      taken.add(key);
      return name;
    }
  }
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s']+$/, '')}…`;
}

/** Text as a cell holds it: printable, within Excel's length. Strings stay strings: never a formula. */
const cellText = (text: string): string => printable(text.slice(0, EXCEL_MAX_CELL_CHARS));

function setCell(cell: Cell, value: ExportCell, link = false): void {
  if (value === undefined) return;
  if (typeof value === 'number') {
    cell.value = value;
    return;
  }
  const text = cellText(value);
  const href = link ? httpHref(value) : undefined;
  if (href && href.length <= EXCEL_MAX_LINK_CHARS) {
    cell.value = { text, hyperlink: href };
    cell.font = LINK_FONT;
  } else {
    cell.value = text;
  }
}

/** A link to a sheet of this workbook (a name's apostrophes doubled, as Excel quotes them). */
const sheetLink = (name: string) => `#'${name.replace(/'/g, "''")}'!A1`;

/** A new row of these cells, from column A; the addresses in `linked` columns (from 0) as links. */
function addRow(sheet: Worksheet, values: ExportCell[], linked?: ReadonlySet<number>): Row {
  const row = sheet.addRow([]);
  for (const [index, value] of values.entries()) setCell(row.getCell(index + 1), value, linked?.has(index));
  return row;
}

function boldRow(sheet: Worksheet, values: ExportCell[]): void {
  addRow(sheet, values).font = { bold: true };
}

function addIssueSheet(workbook: Workbook, name: string, findings: AuditReport['findings']): number {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = AUDIT_EXPORT_COLUMNS.map((header, index) => ({
    header,
    width: WIDTHS[index],
    ...(header === 'Bytes saved' || header === 'Page count' || header === 'Elements'
      ? { style: { numFmt: BYTES_FORMAT } }
      : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const written = findings.slice(0, EXCEL_MAX_ROWS - 1);
  for (const finding of written) {
    addRow(sheet, findingRow(finding), LINKED);
  }
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: written.length + 1, column: AUDIT_EXPORT_COLUMNS.length },
  };
  return written.length;
}

/**
 * The audit as an Excel workbook: a Summary sheet (totals, by severity, by issue with its count
 * and bytes, the top pages, the report's notes), then one sheet per issue that has findings, with
 * the CSV's columns, its header bold, frozen and filtered. Counts and bytes are numbers, addresses
 * links only when they are http(s), and no cell is a formula: a page's text is written as text.
 */
export async function auditXlsx(report: AuditReport): Promise<Uint8Array> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Image Extractor';
  const taken = new Set<string>([SUMMARY_SHEET.toLowerCase()]);
  const summary = workbook.addWorksheet(SUMMARY_SHEET);
  // Text in column A; counts and bytes from B on (a number format leaves text alone).
  const counted = { style: { numFmt: BYTES_FORMAT } };
  summary.columns = [
    { width: 60 },
    { width: 24, ...counted },
    { width: 12, ...counted },
    { width: 12, ...counted },
    { width: 16, ...counted },
  ];

  const { summary: totals } = report;
  boldRow(summary, ['Image audit', report.jobId]);
  addRow(summary, ['Status', report.status]);
  addRow(summary, ['Pages', report.pages]);
  addRow(summary, ['Images', report.images]);
  addRow(summary, ['Image uses', report.uses]);
  addRow(summary, ['Images re-encoded', report.encoding.done]);
  addRow(summary, ['Images to re-encode', report.encoding.total]);
  addRow(summary, ['Findings', totals.findings]);
  addRow(summary, ['Bytes to save', totals.bytesToSave]);

  summary.addRow([]);
  boldRow(summary, ['Severity', 'Findings']);
  for (const severity of AUDIT_SEVERITIES) {
    addRow(summary, [MESSAGES.audit.severities[severity], totals.bySeverity[severity]]);
  }

  // The issue sheets are named first, so the by-issue table can link to each.
  const sheets = findingsByRule(report).map(({ rule, findings }) => ({
    rule,
    findings,
    name: sheetName(ruleTitle(rule), taken),
  }));
  const sheetOf = new Map(sheets.map((sheet) => [sheet.rule, sheet.name]));

  summary.addRow([]);
  boldRow(summary, ['Issue', 'Rule', 'Severity', 'Findings', 'Elements', 'Bytes saved']);
  for (const entry of totals.byRule) {
    const row = addRow(summary, [
      ruleTitle(entry.rule),
      entry.rule,
      MESSAGES.audit.severities[entry.severity],
      entry.count,
      entry.elements,
      entry.bytesSaved,
    ]);
    const target = sheetOf.get(entry.rule);
    if (target) {
      row.getCell(1).value = { text: ruleTitle(entry.rule), hyperlink: sheetLink(target) };
      row.getCell(1).font = LINK_FONT;
    }
  }

  summary.addRow([]);
  boldRow(summary, ['Page', 'Findings', 'High', 'Bytes saved']);
  const pageLinked = new Set([0]);
  for (const page of totals.topPages) {
    addRow(summary, [page.pageUrl, page.findings, page.high, page.bytesSaved], pageLinked);
  }

  const notes = [...report.notes];
  for (const sheet of sheets) {
    const written = addIssueSheet(workbook, sheet.name, sheet.findings);
    if (written < sheet.findings.length) {
      notes.push(
        `The sheet "${sheet.name}" holds the first ${written.toLocaleString('en-US')} of ${sheet.findings.length.toLocaleString('en-US')} findings, as many rows as a sheet can have; the CSV holds them all.`,
      );
    }
  }
  if (notes.length > 0) {
    summary.addRow([]);
    boldRow(summary, ['Notes']);
    for (const note of notes) addRow(summary, [note]);
  }

  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
