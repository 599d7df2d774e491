import type { APIRoute } from 'astro'
import { downloads } from '#app/lib/site/downloads.ts'
import { roiWorkbook } from '#app/lib/tools/roi-spreadsheet.server.ts'

/** The ROI calculator spreadsheet (docs/product.md#downloads), written at build from the calculator's model. */
export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await roiWorkbook()), { headers: { 'Content-Type': downloads.roiSpreadsheet.type } })
