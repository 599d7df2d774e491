/**
 * The instant website audit's report (/audit, docs/decisions/054-the-instant-audit.md):
 * what the grader (server/audit/) finds on one page and the site around it,
 * scored out of 100, as stored and as the report page shows it.
 */

/** A report's id: 16 random bytes in base64url, its address unguessable. */
export const AUDIT_REPORT_ID = /^[\w-]{22}$/

/** Where the reports are: each at its id under it. */
export const AUDIT_REPORTS_BASE = '/audit/report/'

/** A report's shareable address, on the site's origin. */
export const auditReportPath = (id: string) => `${AUDIT_REPORTS_BASE}${id}`

/** What a visitor reads when a report the full audit is asked with has gone (expired or erased). */
export const AUDIT_REPORT_GONE = 'This audit report has expired: audit your website again, then ask for the full audit.'

/** How long a report is kept, and its address answers: 30 days. */
export const AUDIT_REPORT_DAYS = 30

/** The report's categories, in the order the report shows them. */
export const auditCategories = [
  { id: 'seo', label: 'Search engines' },
  { id: 'performance', label: 'Speed' },
  { id: 'mobile', label: 'Mobile' },
  { id: 'security', label: 'Security' },
  { id: 'measurement', label: 'Measurement and sharing' },
] as const

export type AuditCategoryId = (typeof auditCategories)[number]['id']

/** The Northpeak service pages a finding can point to: the one whose work fixes it. */
export const auditServices = [
  '/services/website-design',
  '/services/content-creation',
  '/services/analytics',
  '/services/social-media',
  '/services/app-development',
] as const

export type AuditService = (typeof auditServices)[number]

/** One check of the report. */
export interface AuditFinding {
  /** Stable id of the check: `title`, `description`, `h1`, `hsts`… */
  id: string
  category: AuditCategoryId
  /** What was checked, as a heading: "Page title". */
  title: string
  /** `info`: reported, not scored (maxPoints 0). */
  status: 'pass' | 'warn' | 'fail' | 'info'
  /** Points earned out of `maxPoints`, inside its category. */
  points: number
  maxPoints: number
  /** One sentence on what was found, for a business owner. */
  summary: string
  /** The facts it rests on, as read: a tag, a header line, a size, a URL and its status. At most 10 lines. */
  evidence: string[]
  /** What it costs the business when it fails (or what it protects when it passes). */
  cost: string
  /** The service whose work fixes it. */
  service: AuditService
}

/** Real-user and lab figures from the PageSpeed Insights API, when PSI_API_KEY is set. */
export interface FieldData {
  /** Lighthouse's performance score on a mobile phone, 0-100 (TBT 30, LCP 25, CLS 25, FCP 10, SI 10). */
  labScore: number | null
  /** Chrome's real-user figures for this URL (75th percentile), when Google has enough visits. */
  lcpMs: number | null
  inpMs: number | null
  cls: number | null
}

/** The grader's answer for one address. */
export interface AuditResult {
  /** The address the visitor gave, as checked (`https://example.com/`). */
  requestedUrl: string
  /** The address that answered, after redirects. */
  url: string
  /** Out of 100: the categories' scores weighted (`categoryWeights`). */
  score: number
  categories: { id: AuditCategoryId; label: string; score: number }[]
  /** Every check, in the order of `auditCategories`. */
  findings: AuditFinding[]
  /** Ids of the findings that matter most, at most five, most costly first. */
  top: string[]
  fieldData: FieldData | null
  /** When the pages were read (ms since the epoch). */
  checkedAt: number
}

/** A stored report: its unguessable id is its shareable address, /audit/report/<id>. */
export interface AuditReport {
  id: string
  result: AuditResult
  createdAt: number
  /** After this (ms), the report is gone: 30 days (AUDIT_REPORT_DAYS). */
  expiresAt: number
}
