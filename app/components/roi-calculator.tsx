import { useEffect, useId, useRef, useState } from 'react'
import { Section, SectionHeading } from '#app/components/section.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/site/cn.ts'
import { downloads } from '#app/lib/site/downloads.ts'
import {
  calculateRoi,
  formatRate,
  readRoiInputs,
  resultRows,
  roiCsv,
  roiDefaults,
  roiDefaultText,
  roiFieldNames,
  roiFields,
  type RoiField,
  type RoiRawInputs,
  type RoiRow,
} from '#app/lib/tools/roi.ts'
import { site } from '#app/lib/site/site.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { useSearchParams } from '#app/lib/browser/use-search-params.ts'
import { useFieldsAsLeft } from '#app/lib/browser/use-fields-as-left.ts'

/** How long typing must pause before the results are read out (docs/product.md#roi-calculator). */
export const ANNOUNCE_DELAY_MS = 1000

/** The downloaded file's name. */
export const CSV_FILE_NAME = 'northpeak-roi-estimate.csv'

const unitInLabel = { visitors: '', '%': ' (%)', USD: ' ($)' } as const

/**
 * Red 700 (6.5:1 on white) for messages and the wrong field's border; the
 * message's words, not the color, say what is wrong. Inline, since no other
 * page needs it and every page inlines the stylesheet
 * (docs/decisions/006-inline-stylesheet.md).
 */
const errorColor = 'var(--color-danger)'
/** The results' heading, and the name of the table's scrolling region under it. */
const RESULTS_TITLE = 'Your month, today and with the uplift'

/** The results' row labels, for the table while an input is wrong. */
const rowLabels = resultRows(calculateRoi(roiDefaults)).map((row) => row.label)

function textsFrom(params: URLSearchParams): RoiRawInputs {
  return Object.fromEntries(
    roiFieldNames.map((name) => [name, params.get(name) ?? roiDefaultText[name]]),
  ) as RoiRawInputs
}

/** What the live region reads once typing pauses: the headline results, or what to correct. */
function summaryOf(rows: RoiRow[] | null, errors: Partial<Record<RoiField, string>>, uplift: string): string {
  if (!rows) {
    const wrong = roiFieldNames.filter((name) => errors[name])
    return `Results paused. ${wrong.map((name) => `${roiFields[name].label}: ${errors[name]}`).join(' ')}`
  }
  const pick = (label: string) => rows.find((row) => row.label === label)!
  const leads = pick('Leads per month')
  const customers = pick('Customers per month')
  const profit = pick('Gross profit per month')
  const roi = pick('ROI')
  const payback = pick('Payback period')
  return (
    `Today: ${leads.today} leads, ${customers.today} customers, ${profit.today} gross profit a month, ROI ${roi.today}, payback ${payback.today}. ` +
    `With ${uplift} uplift: ${leads.withUplift} leads, ${customers.withUplift} customers, ${profit.withUplift} gross profit, ROI ${roi.withUplift}, payback ${payback.withUplift}.`
  )
}

function download(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = CSV_FILE_NAME
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * The ROI calculator (docs/product.md#roi-calculator): seven labeled inputs, today's
 * month and the month with the expected uplift side by side, updated as the
 * visitor types. The inputs live in the page address (replaced, not pushed,
 * so typing adds no history), so a reload or a shared link shows the same
 * figures. The pre-rendered page shows the defaults, the worked example's
 * first business, and reads the address once it has hydrated.
 */
export function RoiCalculator() {
  const [searchParams, setSearchParams] = useSearchParams()
  // Null until the visitor changes something: until then the address (or,
  // in the pre-rendered HTML, the defaults) says what the inputs hold.
  const [edited, setEdited] = useState<RoiRawInputs | null>(null)
  const texts = edited ?? textsFrom(searchParams)
  const [announcement, setAnnouncement] = useState('')
  const [actionStatus, setActionStatus] = useState('')
  const id = useId()

  const reading = readRoiInputs(texts)
  const errors = reading.ok ? {} : reading.errors
  const result = reading.ok ? calculateRoi(reading.inputs) : null
  const rows = result ? resultRows(result) : null
  const upliftText = reading.ok ? formatRate(reading.inputs.uplift) : 'the'
  const summary = summaryOf(rows, errors, upliftText)

  // One polite announcement once typing pauses, never one per keystroke.
  useEffect(() => {
    if (edited === null) return
    const timer = window.setTimeout(() => setAnnouncement(summary), ANNOUNCE_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [edited, summary])

  const update = (next: RoiRawInputs, inAddress: boolean) => {
    setEdited(next)
    setActionStatus('')
    setSearchParams((params) => {
      for (const name of roiFieldNames) {
        if (inAddress) params.set(name, next[name])
        else params.delete(name)
      }
    })
  }

  // The island wakes when the visitor focuses an input (client:interaction):
  // what they type while its code arrives is taken as typed.
  const inputs = useRef<HTMLDivElement>(null)
  useFieldsAsLeft(inputs, (changed) => update({ ...texts, ...changed }, true))

  const copyLink = async () => {
    const url = new URL(window.location.href)
    for (const name of roiFieldNames) url.searchParams.set(name, texts[name])
    try {
      await navigator.clipboard.writeText(url.href)
      setActionStatus('Link copied')
    } catch {
      setActionStatus("Couldn't copy the link: copy it from your browser's address bar instead.")
    }
  }

  const downloadCsv = () => {
    if (!reading.ok || !result) {
      setActionStatus('Correct the marked fields first: the file would have no results.')
      return
    }
    download(roiCsv(reading.inputs, result))
    setActionStatus(`Downloaded ${CSV_FILE_NAME}`)
  }

  return (
    <Section title="Calculate your return">
      <SectionHeading
        eyebrow="Calculator"
        title="Calculate your return"
        intro="Change any figure and the results follow as you type. It opens with the B2B services firm of the worked example further down."
      />
      <noscript>
        <p className="mb-8 max-w-3xl rounded-lg border border-slate-300 p-4 text-muted">
          The calculator needs JavaScript to work out your own figures; without it, it shows the worked example.
        </p>
      </noscript>
      <div className="grid grid-cols-1 gap-10 md:grid-cols-2">
        {/* A group, not a form: the results follow every keystroke, there is nothing to submit. */}
        <div ref={inputs} role="group" aria-labelledby={`${id}-inputs`} className="@container">
          <h3 id={`${id}-inputs`} className="mb-4 text-xl font-semibold text-ink">
            Your figures
          </h3>
          {/* Two fields a row where the column is wide enough; an odd last field takes the
              whole row, so none sits alone beside a gap (docs/product.md#layout). */}
          <div className="grid gap-6 @lg:grid-cols-2 @lg:[&>:last-child:nth-child(odd)]:col-span-2">
            {roiFieldNames.map((name) => {
              const spec = roiFields[name]
              const error = errors[name]
              return (
                <div key={name}>
                  <label htmlFor={`${id}-${name}`} className="block font-semibold text-ink">
                    {spec.label}
                    {unitInLabel[spec.unit]}
                  </label>
                  <input
                    id={`${id}-${name}`}
                    name={name}
                    type="text"
                    inputMode={spec.integer ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    spellCheck={false}
                    value={texts[name]}
                    onChange={(event) => update({ ...texts, [name]: event.target.value }, true)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={cn(`${id}-${name}-help`, error && `${id}-${name}-error`)}
                    className="mt-2 w-full rounded-lg border border-slate-300 bg-surface px-3.5 py-2.5 text-ink"
                    style={error ? { borderColor: errorColor } : undefined}
                  />
                  {error ? (
                    <p id={`${id}-${name}-error`} className="mt-2 text-sm font-semibold" style={{ color: errorColor }}>
                      {error}
                    </p>
                  ) : null}
                  <p id={`${id}-${name}-help`} className="mt-1 text-sm text-muted">
                    {spec.help}
                  </p>
                </div>
              )
            })}
          </div>
        </div>
        <div>
          <h3 className="mb-4 text-xl font-semibold text-ink">{RESULTS_TITLE}</h3>
          {rows ? null : (
            <p className="mb-4 font-semibold" style={{ color: errorColor }}>
              Correct the marked {Object.keys(errors).length === 1 ? 'field' : 'fields'} to see the results.
            </p>
          )}
          <div className="prose max-w-none">
            {/* Named by aria-label, not by the heading above: the Nu Html Checker accepts a section without a heading of its own only so. */}
            <section className="table-scroll" tabIndex={0} aria-label={RESULTS_TITLE}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Per month</th>
                    <th scope="col">Today</th>
                    <th scope="col">With {upliftText} uplift</th>
                  </tr>
                </thead>
                <tbody>
                  {rowLabels.map((label, index) => {
                    const row = rows?.[index]
                    return (
                      <tr key={label}>
                        <th scope="row">{label}</th>
                        <td>{row ? row.today : '–'}</td>
                        <td>{row ? row.withUplift : '–'}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </section>
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <Button type="button" variant="outline" onClick={() => void copyLink()}>
              Copy link
            </Button>
            <Button type="button" variant="outline" onClick={downloadCsv}>
              Download CSV
            </Button>
            <Button type="button" variant="ghost" onClick={() => update(roiDefaultText, false)}>
              Reset
            </Button>
            {/* Out of the row while it has no message, so it adds no gap beside or under the buttons; still in
                the page, so its message is read out when it comes. */}
            <p role="status" className="text-sm font-semibold text-ink empty:absolute">
              {actionStatus}
            </p>
          </div>
          <p className="mt-3 text-sm text-muted">
            Leads and customers are shown as whole numbers; revenue, profit and the rest use the unrounded monthly
            averages.
          </p>
          <p className="mt-3 text-sm text-muted">
            Your figures live in this page's address, nowhere else: we never store them.
          </p>
          <p className="mt-3 text-sm text-muted">
            Prefer a spreadsheet? The{' '}
            <a href={downloads.roiSpreadsheet.path} className="font-semibold text-brand-700 underline">
              {downloads.roiSpreadsheet.title} (.xlsx)
            </a>{' '}
            has the same formulas, live, for your own figures.
          </p>
          <div className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <p className="font-semibold text-ink">Want these numbers checked against your real data?</p>
            <p className="mt-2 text-muted">
              On a free {site.strategySession.minutes}-minute strategy call, worth {site.strategySession.worth}, we go
              through your inputs and show which one is worth fixing first.
            </p>
            <a href={strategyCall.href} className={cn(buttonVariants({ variant: 'cta', size: 'lg' }), 'mt-5')}>
              {strategyCall.label}
            </a>
          </div>
        </div>
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </Section>
  )
}
