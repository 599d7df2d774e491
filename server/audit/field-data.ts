import type { FieldData } from '#app/lib/audit/report.ts'

/** Google's PageSpeed Insights API (v5). */
export const PSI_API_URL = 'https://www.googleapis.com/pagespeedonline/v5/runPagespeed'

/** The parts of the API's answer the report reads. */
interface PsiAnswer {
  lighthouseResult?: { categories?: { performance?: { score?: number | null } } }
  loadingExperience?: {
    metrics?: Record<string, { percentile?: number } | undefined>
  }
}

/**
 * PageSpeed Insights for a page, with PSI_API_KEY (docs/decisions/054-the-instant-audit.md):
 * Lighthouse's performance score on a mobile phone and, where Chrome has
 * enough real visits to the page, their 75th percentiles of LCP, INP and CLS.
 * The API is Google's, at a fixed address: asked with the platform's fetch,
 * not the grader's, as it is no visitor's choice of address. An error, or no
 * answer before the grading's deadline, leaves the report without them.
 */
export function pageSpeedInsights({ key, endpoint = PSI_API_URL }: { key: string; endpoint?: string }) {
  return async (url: string, signal: AbortSignal): Promise<FieldData | null> => {
    const query = new URLSearchParams({ url, key, strategy: 'mobile', category: 'performance' })
    const response = await fetch(`${endpoint}?${query}`, { signal, headers: { Accept: 'application/json' } })
    if (!response.ok) return null
    const answer = (await response.json()) as PsiAnswer
    const metric = (name: string) => answer.loadingExperience?.metrics?.[name]?.percentile ?? null
    const score = answer.lighthouseResult?.categories?.performance?.score
    const cls = metric('CUMULATIVE_LAYOUT_SHIFT_SCORE')
    return {
      labScore: typeof score === 'number' ? Math.round(score * 100) : null,
      lcpMs: metric('LARGEST_CONTENTFUL_PAINT_MS'),
      inpMs: metric('INTERACTION_TO_NEXT_PAINT'),
      // The API gives CLS multiplied by 100.
      cls: cls === null ? null : cls / 100,
    }
  }
}
