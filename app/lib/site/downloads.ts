/**
 * The files the build writes for visitors to download (docs/product.md#downloads),
 * each by the path an endpoint of app/pages/downloads/ serves it at. Content
 * may link them like pages (app/lib/content/links.ts, kind `download`).
 *
 * This module ships to the browser: keep it to names and paths.
 */

/** The Content-Type of an Excel workbook (.xlsx). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface Download {
  path: string
  /** What the file is, as a link or a list names it. */
  title: string
  type: string
}

export const downloads = {
  /** The ROI calculator's model with live formulas (app/lib/tools/roi-spreadsheet.server.ts). */
  roiSpreadsheet: {
    path: '/downloads/roi-calculator.xlsx',
    title: 'ROI calculator spreadsheet',
    type: XLSX_TYPE,
  },
  /** The 47-point checklist, one row per point, to score (app/lib/tools/checklist-workbook.server.ts). */
  auditChecklist: {
    path: '/downloads/marketing-audit-checklist.xlsx',
    title: 'Marketing audit checklist workbook',
    type: XLSX_TYPE,
  },
} as const satisfies Record<string, Download>

export const downloadPaths: ReadonlySet<string> = new Set(Object.values(downloads).map((download) => download.path))
