import type { APIRoute } from 'astro'
import { auditChecklistSections, checklistWorkbook } from '#app/lib/tools/checklist-workbook.server.ts'
import { downloads } from '#app/lib/site/downloads.ts'

/** The 47-point checklist as a workbook (docs/product.md#downloads), written at build from the checklist page's file. */
export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await checklistWorkbook(await auditChecklistSections())), {
    headers: { 'Content-Type': downloads.auditChecklist.type },
  })
