/** A spreadsheet cell's A1 name, as both workbook formats (XLSX, ODS) show it. */

/** 0-based column and row → `A1`, `AB12`. */
export function cellName(column: number, row: number): string {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}
