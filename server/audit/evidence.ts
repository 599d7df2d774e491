import type { FieldData } from '#app/lib/audit/report.ts'
import type { Fetched, FetchOutcome } from './fetched.ts'
import type { PageFacts } from './page-facts.ts'

/**
 * Everything the grader read about one address, which the checks
 * (`checks.ts`) score: the page, what its HTML says (`page-facts.ts`), and
 * what `grader.ts` fetched around it, each within the caps of `safe-fetch.ts`.
 */
export interface SiteEvidence {
  /** The address the visitor gave, as checked. */
  requestedUrl: string
  /** The page, after its redirects. */
  page: Fetched
  /** What the page's HTML says. */
  facts: PageFacts
  /** The same address over plain http, when the page is https: whether it redirects to https. null: the page is http. */
  plainHttp: FetchOutcome | null
  /** `/robots.txt` of the page's origin. */
  robots: FetchOutcome
  /** The first sitemap robots.txt names, else `/sitemap.xml` of the origin. */
  sitemap: { url: string; outcome: FetchOutcome }
  /** The page's external scripts (at most MAX_SCRIPTS), each fetched for its weight. */
  scripts: { url: string; firstParty: boolean; outcome: FetchOutcome }[]
  /** The page's links (at most MAX_LINKS), each asked with HEAD. */
  links: { url: string; outcome: FetchOutcome }[]
  /** The PageSpeed Insights figures, with PSI_API_KEY; null without. */
  fieldData: FieldData | null
}
