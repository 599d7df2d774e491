import { expect, type Page } from '@playwright/test'

// Every visible control of a page lies inside the viewport, left to right
// (tests/e2e/controls-in-viewport.spec.ts, and measured/ for the consent
// banner): a control pushed off the screen, as the mobile call-to-action bar's
// "Hide this bar" once was, fails with its name and where it sits.

/** The widths a phone, the narrowest phone and a tablet in portrait give a page. */
export const narrowViewports = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const

/** A control that does not lie wholly inside the viewport. */
export interface OffScreenControl {
  /** Its kind and name, and the landmark it is in: `button "Hide this bar" in region "Book a strategy call"`. */
  control: string
  left: number
  right: number
}

export interface ControlsReport {
  /** The viewport's width, without a vertical scrollbar. */
  width: number
  /** Every visible control, described as in `OffScreenControl`. */
  checked: string[]
  offScreen: OffScreenControl[]
}

/**
 * Runs in the page: finds every visible control (links, buttons, fields,
 * `summary`, `[role=button]`, anything in tab order) and reports each one
 * whose box crosses the viewport's left or right edge. Visible: a box of
 * some size, not `visibility: hidden`, not inside a closed `<details>`,
 * popover or dialog, nor an inert subtree. A control inside a container that
 * scrolls sideways by design (`overflow-x: auto` or `scroll`, with more to
 * scroll) is judged by that container, which must itself be on the screen.
 */
export function collectControls(): ControlsReport {
  const width = document.documentElement.clientWidth
  const selector = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[role="button"]',
    '[tabindex]',
  ].join(', ')

  const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()
  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label')
    if (label) return label
    const labelledBy = element.getAttribute('aria-labelledby')
    if (labelledBy)
      return labelledBy
        .split(/\s+/)
        .map((id) => text(document.getElementById(id)))
        .join(' ')
    const labels = (element as HTMLInputElement).labels
    if (labels && labels.length > 0) return text(labels[0]!)
    return text(element).slice(0, 60) || element.getAttribute('title') || element.getAttribute('name') || ''
  }
  const landmark = (element: Element): string => {
    const region = element.parentElement?.closest(
      'header, nav, main, footer, aside, section[aria-label], section[aria-labelledby], [role="region"], [role="dialog"], form',
    )
    if (!region) return ''
    const kind = region.getAttribute('role') ?? (region.tagName === 'SECTION' ? 'region' : region.tagName.toLowerCase())
    const name = region.getAttribute('aria-label') ?? nameOf(region)
    return ` in ${kind}${name && region.matches('[aria-label], [aria-labelledby]') ? ` "${name}"` : ''}`
  }
  const describe = (element: Element) => {
    const kind = element.getAttribute('role') ?? element.tagName.toLowerCase()
    return `${kind} "${nameOf(element)}"${landmark(element)}`
  }
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return false
    const style = getComputedStyle(element)
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return false
    if (element.closest('[inert], dialog:not([open])')) return false
    const popover = element.closest('[popover]')
    if (popover && !popover.matches(':popover-open')) return false
    // A closed <details> shows its own summary only.
    const details = element.closest('details:not([open])')
    if (details && !(element.matches('summary') && element.parentElement === details)) return false
    return true
  }
  /** The nearest ancestor that scrolls sideways by design and has more to scroll. */
  const sidewaysScroller = (element: Element): Element | undefined => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const overflow = getComputedStyle(parent).overflowX
      if ((overflow === 'auto' || overflow === 'scroll') && parent.scrollWidth > parent.clientWidth) return parent
    }
    return undefined
  }

  const checked: string[] = []
  const offScreen: OffScreenControl[] = []
  const judged = new Set<Element>()
  for (const element of document.querySelectorAll(selector)) {
    // In tab order only: `tabindex="-1"` alone does not make a control.
    if (element.matches('[tabindex]') && !element.matches(selector.replace(', [tabindex]', ''))) {
      if ((element as HTMLElement).tabIndex < 0) continue
    }
    if (!visible(element)) continue
    checked.push(describe(element))
    const scroller = sidewaysScroller(element)
    const target = scroller ?? element
    if (judged.has(target)) continue
    judged.add(target)
    const box = target.getBoundingClientRect()
    if (Math.round(box.left) < 0 || Math.round(box.right) > width) {
      offScreen.push({
        control: scroller
          ? `${describe(element)}, in a sideways scroller that is itself off the screen`
          : describe(element),
        left: Math.round(box.left),
        right: Math.round(box.right),
      })
    }
  }
  return { width, checked, offScreen }
}

/** Asserts that no visible control of the page crosses the viewport's edges; returns what was checked. */
export async function expectControlsInViewport(page: Page, where: string): Promise<ControlsReport> {
  const report = await page.evaluate(collectControls)
  expect(report.checked.length, `${where}: controls found`).toBeGreaterThan(0)
  expect(
    report.offScreen.map((entry) => `${entry.control} spans x=${entry.left} to ${entry.right}`),
    `${where}: every control lies between x=0 and x=${report.width}`,
  ).toEqual([])
  return report
}
