/**
 * The one writer of the small .xlsx exports (audit log, personnel, attendance, violations, and the wave-2
 * lists): sheets with a bold, frozen header row, column widths, rows by column key or in column order, and
 * an optional bold last row (a total). Exports that can grow without bound stream instead (the topics list
 * uses exceljs' WorkbookWriter): this one builds the workbook in memory.
 *
 * Cells are written as values, never as formulas: exceljs writes a string that starts with "=" as text, so
 * user text cannot become a formula in these files (CSV is another matter: see audit.export.ts).
 */

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

export type SheetRow = Readonly<Record<string, unknown>> | readonly unknown[];

export interface SheetSpec {
  name: string;
  columns: readonly SheetColumn[];
  rows: Iterable<SheetRow>;
  /** Columns kept in view when scrolling sideways (the header row is always frozen). */
  frozenColumns?: number;
  /** A last row in bold (a total line). */
  totalRow?: SheetRow;
}

export async function spreadsheet(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name, {
      views: [{ state: 'frozen', ySplit: 1, ...(spec.frozenColumns ? { xSplit: spec.frozenColumns } : {}) }],
    });
    sheet.columns = spec.columns.map((column) => ({ ...column }));
    sheet.getRow(1).font = { bold: true };
    for (const row of spec.rows) sheet.addRow(row as Record<string, unknown> | unknown[]);
    if (spec.totalRow)
      sheet.addRow(spec.totalRow as Record<string, unknown> | unknown[]).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A download's file name in the reader's language (`审计日志-2026-11-27.xlsx`) and an ASCII one for clients
 * that cannot read RFC 5987 names (`audit-log-2026-11-27.xlsx`).
 */
export function exportFileName(
  names: { 'zh-CN': string; 'en-US': string },
  suffix: string,
  extension: string,
  language: 'zh-CN' | 'en-US',
): { utf8: string; ascii: string } {
  return {
    utf8: `${names[language]}-${suffix}.${extension}`,
    ascii: `${names['en-US']}-${suffix}.${extension}`,
  };
}
