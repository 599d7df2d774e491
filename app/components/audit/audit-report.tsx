import type { ReactNode } from 'react'
import {
  auditCategories,
  type AuditFinding,
  type AuditReport,
  type AuditService,
  type FieldData,
} from '#app/lib/audit/report.ts'

/** What a finding's status reads as, beside its title: words, not a color alone. */
const statusWords: Record<AuditFinding['status'], { label: string; className: string }> = {
  fail: { label: 'Needs fixing', className: 'text-danger' },
  warn: { label: 'Could be better', className: 'text-ink' },
  pass: { label: 'Passed', className: 'text-success' },
  info: { label: 'For your information', className: 'text-muted' },
}

/** A score's band, in words and the bar's color. */
function band(score: number): { words: string; bar: string } {
  if (score >= 90) return { words: 'strong', bar: 'bg-success' }
  if (score >= 70) return { words: 'good, with fixes to make', bar: 'bg-brand-600' }
  if (score >= 50) return { words: 'fair: some fixes would pay off soon', bar: 'bg-cta-400' }
  return { words: 'poor: it is likely costing you visitors and leads', bar: 'bg-danger' }
}

const dateWords = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(ms))

/**
 * The instant audit's report (app/pages/audit/report/[id].astro,
 * docs/decisions/054-the-instant-audit.md): the score and a bar per category,
 * the five findings that matter most with what each costs and the service
 * that fixes it, then every check with its evidence. Rendered on the server
 * only; it prints as it reads.
 */
export function AuditReportView({
  report,
  serviceNames,
  children,
}: {
  report: AuditReport
  /** The name of each service page a finding points to, from the registry. */
  serviceNames: Record<AuditService, string>
  /** What follows the top findings: the full audit's form. */
  children?: ReactNode
}) {
  const { result } = report
  const host = new URL(result.url).host
  const byId = new Map(result.findings.map((finding) => [finding.id, finding]))
  const top = result.top.flatMap((id) => byId.get(id) ?? [])
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="audit-score-title" className="grid gap-8 md:grid-cols-[auto_1fr] md:items-center">
        <div className="text-center md:pr-8">
          <h2 id="audit-score-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
            Score of {host}
          </h2>
          <p className="font-display text-7xl font-bold text-ink">
            {result.score}
            <span className="text-3xl text-muted">/100</span>
          </p>
          <p className="mx-auto mt-2 max-w-56 text-sm text-body">This page scores {band(result.score).words}.</p>
        </div>
        <ul className="flex flex-col gap-4" aria-label="Score by category">
          {result.categories.map((category) => (
            <li key={category.id}>
              <div className="flex justify-between text-sm font-semibold text-ink">
                <span>{category.label}</span>
                <span>{category.score}/100</span>
              </div>
              <div
                aria-hidden="true"
                className="mt-1 h-2.5 rounded-full bg-slate-200 print:border print:border-slate-400"
              >
                <div
                  className={`h-full rounded-full ${band(category.score).bar}`}
                  style={{ width: `${category.score}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="audit-top-title">
        <h2 id="audit-top-title" className="font-display text-2xl font-bold text-ink md:text-3xl">
          {top.length > 0 ? `Fix these ${top.length === 1 ? 'first' : `${top.length} first`}` : 'Nothing urgent to fix'}
        </h2>
        {top.length > 0 ? (
          <ol className="mt-6 flex flex-col gap-6">
            {top.map((finding) => (
              <li key={finding.id} className="rounded-2xl border border-slate-200 p-6 print:break-inside-avoid">
                <FindingDetail finding={finding} serviceName={serviceNames[finding.service]} headingLevel="h3" />
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-4 text-body">
            No check failed badly enough to put first. The list below still shows what could be better.
          </p>
        )}
      </section>

      {children}

      {result.fieldData ? <FieldDataSection data={result.fieldData} /> : null}

      <section aria-labelledby="audit-all-title">
        <h2 id="audit-all-title" className="font-display text-2xl font-bold text-ink md:text-3xl">
          Every check
        </h2>
        {auditCategories.map((category) => {
          const findings = result.findings.filter((finding) => finding.category === category.id)
          if (findings.length === 0) return null
          return (
            <div key={category.id} className="mt-8">
              <h3 className="text-lg font-semibold text-ink">{category.label}</h3>
              <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
                {findings.map((finding) => (
                  <li key={finding.id} className="py-4 print:break-inside-avoid">
                    <FindingDetail
                      finding={finding}
                      serviceName={serviceNames[finding.service]}
                      headingLevel="h4"
                      compact
                    />
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </section>

      <p className="text-sm text-muted">
        Checked {dateWords(result.checkedAt)} at {result.url}
        {result.url === result.requestedUrl ? '' : ` (asked for ${result.requestedUrl})`}. This report and its address
        are kept until {dateWords(report.expiresAt)}, then deleted.
      </p>
    </div>
  )
}

/** One finding: its status, what was found, what it costs, its evidence and the service that fixes it. */
function FindingDetail({
  finding,
  serviceName,
  headingLevel: Heading,
  compact = false,
}: {
  finding: AuditFinding
  serviceName: string
  headingLevel: 'h3' | 'h4'
  /** In the list of every check: the evidence folded, the cost only where something is wrong. */
  compact?: boolean
}) {
  const status = statusWords[finding.status]
  const wrong = finding.status === 'fail' || finding.status === 'warn'
  const evidence =
    finding.evidence.length > 0 ? (
      <ul className="mt-2 flex flex-col gap-1 font-mono text-xs break-all text-body">
        {finding.evidence.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    ) : null
  return (
    <div>
      <Heading className="flex flex-wrap items-baseline gap-x-3 font-semibold text-ink">
        {finding.title}
        <span className={`text-sm font-semibold ${status.className}`}>{status.label}</span>
      </Heading>
      <p className="mt-1 text-body">{finding.summary}</p>
      {!compact || wrong ? (
        <p className="mt-2 text-body">
          <strong className="text-ink">{wrong ? 'What it costs you: ' : 'Why it matters: '}</strong>
          {finding.cost}
        </p>
      ) : null}
      {wrong ? (
        <p className="mt-2 text-sm">
          <a href={finding.service} className="font-semibold text-brand-700 underline underline-offset-2">
            How our {serviceName} work fixes this
          </a>
        </p>
      ) : null}
      {evidence && compact ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-ink">What the grader read</summary>
          {evidence}
        </details>
      ) : evidence ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-ink">What the grader read</p>
          {evidence}
        </div>
      ) : null}
    </div>
  )
}

/** PageSpeed Insights' figures, when the server asks for them (PSI_API_KEY). */
function FieldDataSection({ data }: { data: FieldData }) {
  const rows: [string, string | null][] = [
    ['Lighthouse performance score on a phone', data.labScore === null ? null : `${data.labScore}/100`],
    ['Largest contentful paint, real visitors', data.lcpMs === null ? null : `${(data.lcpMs / 1000).toFixed(1)} s`],
    ['Interaction to next paint, real visitors', data.inpMs === null ? null : `${data.inpMs} ms`],
    ['Cumulative layout shift, real visitors', data.cls === null ? null : data.cls.toFixed(2)],
  ]
  return (
    <section aria-labelledby="audit-field-title">
      <h2 id="audit-field-title" className="font-display text-2xl font-bold text-ink md:text-3xl">
        Google's measurements
      </h2>
      <p className="mt-2 text-body">
        From Google's PageSpeed Insights: a test on a simulated phone, and what Chrome measured for real visitors over
        the last 28 days where Google has enough of them (the 75th percentile).
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-lg font-semibold text-ink">{value ?? 'Not enough data'}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
