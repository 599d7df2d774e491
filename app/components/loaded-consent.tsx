import { useEffect, useReducer, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { ConsentIntent } from '#app/components/consent-types.ts'
import { Button } from '#app/components/ui/button.tsx'
import {
  consentReducer,
  initialConsent,
  measuring,
  readConsent,
  storeConsent,
  type ConsentChoice,
} from '#app/lib/consent.ts'
import { createLateModule } from '#app/lib/late-module.ts'
import { page } from '#app/lib/registry.ts'

// Google's tag and the web-vitals library: fetched only once a visitor accepts.
const measurementCode = createLateModule(() => import('#app/lib/measurement.ts'), 'Measurement')
type Measurement = Awaited<ReturnType<typeof measurementCode.load>>

const measurementId = __GA_MEASUREMENT_ID__

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * The consent banner and the measurement it allows
 * (docs/product.md#analytics-and-consent,
 * docs/decisions/021-consent-before-measurement.md). Loaded late by
 * ./consent.tsx, in builds with a measurement id only.
 */
export default function LoadedConsent({ reopens }: ConsentIntent) {
  const [state, dispatch] = useReducer(consentReducer, null, () => initialConsent(readConsent(storage())))
  const granted = measuring(state)
  const banner = useRef<HTMLElement>(null)
  const returnFocus = useRef<Element | null>(null)

  // Cookie settings, pressed before or after this code arrived.
  const seenReopens = useRef(0)
  useEffect(() => {
    if (reopens <= seenReopens.current) return
    seenReopens.current = reopens
    returnFocus.current = document.activeElement
    dispatch({ type: 'reopen' })
  }, [reopens])

  // Opened from Cookie settings: focus moves to the banner. On a first visit
  // it never takes focus; it comes right after the skip link in tab order.
  useEffect(() => {
    if (state.bannerOpen && state.reopened) banner.current?.focus()
  }, [state.bannerOpen, state.reopened])

  // The mobile call-to-action bar stays away while the banner shows.
  useEffect(() => {
    if (!state.bannerOpen) return
    const root = document.documentElement
    root.dataset.consentBanner = ''
    return () => {
      delete root.dataset.consentBanner
    }
  }, [state.bannerOpen])

  // Measurement runs while the choice is Accept, and stops with a Reject.
  const [measurement, setMeasurement] = useState<{ module: Measurement } | null>(null)
  useEffect(() => {
    if (!granted) return
    let active = true
    let started: Measurement | undefined
    void measurementCode.preload().then((module) => {
      if (!active || !module) return
      started = module
      module.startMeasurement(measurementId)
      setMeasurement({ module })
    })
    return () => {
      active = false
      started?.stopMeasurement(measurementId)
      setMeasurement(null)
    }
  }, [granted])

  // A page view for the page where measurement starts, then one per route change.
  const { pathname } = useLocation()
  useEffect(() => {
    measurement?.module.measurePageView()
  }, [measurement, pathname])

  const choose = (choice: ConsentChoice) => {
    storeConsent(storage(), choice)
    dispatch({ type: choice === 'granted' ? 'accept' : 'reject' })
    // Focus goes back where it came from (Cookie settings), else to the content.
    const back = returnFocus.current
    returnFocus.current = null
    if (back instanceof HTMLElement && back.isConnected) back.focus()
    else document.getElementById('main')?.focus({ preventScroll: true })
  }

  if (!state.bannerOpen) return null
  return (
    <section
      ref={banner}
      tabIndex={-1}
      aria-label="Cookie consent"
      aria-describedby="consent-text"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-surface shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <p id="consent-text" className="text-sm text-ink">
          May we measure your visit with Google Analytics? It sets cookies and runs only if you accept.
          {state.reopened && state.choice ? (
            <> Your current choice: {state.choice === 'granted' ? 'accepted' : 'rejected'}.</>
          ) : null}{' '}
          <Link
            discover="none"
            to={page('/privacy').path}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Privacy policy
          </Link>
        </p>
        {/* Equally easy: the same size, the same look, one click each. */}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="outline" onClick={() => choose('denied')}>
            Reject
          </Button>
          <Button variant="outline" onClick={() => choose('granted')}>
            Accept
          </Button>
        </div>
      </div>
    </section>
  )
}
