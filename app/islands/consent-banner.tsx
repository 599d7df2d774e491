import { useEffect, useReducer, useRef } from 'react'
import { IslandBoundary } from '#app/components/error-fallback.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
  consentReducer,
  initialConsent,
  measuring,
  readConsent,
  storeConsent,
  type ConsentChoice,
} from '#app/lib/analytics/consent.ts'
import type * as MeasurementModule from '#app/lib/analytics/measurement.ts'
import { useHydrated } from '#app/lib/browser/use-hydrated.ts'

type Measurement = typeof MeasurementModule

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
 * (docs/product.md#analytics-and-consent, docs/decisions/021-consent-before-measurement.md):
 * an island placed by the shell only in a build with a measurement id, woken
 * when the browser is idle after load, at the latest IDLE_FALLBACK_MS in
 * (app/lib/browser/idle.ts). Google's tag and the web-vitals
 * library are fetched only once a visitor accepts. It also brings the
 * footer's Cookie settings (rendered hidden, since it needs this island) to
 * life: a press opens the banner again.
 */
export function ConsentBanner({ privacyPath }: { privacyPath: string }) {
  return (
    <IslandBoundary>
      <Banner privacyPath={privacyPath} />
    </IslandBoundary>
  )
}

function Banner({ privacyPath }: { privacyPath: string }) {
  const [state, dispatch] = useReducer(consentReducer, null, () => initialConsent(readConsent(storage())))
  // The banner is not in the HTML: the server cannot know the stored choice.
  const hydrated = useHydrated()
  const granted = measuring(state)
  const banner = useRef<HTMLElement>(null)
  const returnFocus = useRef<Element | null>(null)

  // Cookie settings, in the footer: shown now that it can work, and it reopens the banner.
  useEffect(() => {
    const item = document.querySelector<HTMLElement>('[data-cookie-settings]')
    const button = item?.querySelector('button')
    if (!item || !button) return
    const reopen = () => {
      returnFocus.current = document.activeElement
      dispatch({ type: 'reopen' })
    }
    item.hidden = false
    button.addEventListener('click', reopen)
    return () => button.removeEventListener('click', reopen)
  }, [])

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

  // Measurement runs while the choice is Accept, and stops with a Reject: a
  // page view for the page where it starts, and again each time the browser
  // shows it anew from its back/forward cache.
  useEffect(() => {
    if (!granted) return
    let active = true
    let started: Measurement | undefined
    const shownAgain = (event: PageTransitionEvent) => {
      if (event.persisted) started?.measurePageView()
    }
    import('#app/lib/analytics/measurement.ts')
      .then((module) => {
        if (!active) return
        started = module
        module.startMeasurement(measurementId)
        module.measurePageView()
      })
      .catch((error: unknown) => console.warn('Measurement could not load', error))
    window.addEventListener('pageshow', shownAgain)
    return () => {
      active = false
      window.removeEventListener('pageshow', shownAgain)
      started?.stopMeasurement(measurementId)
    }
  }, [granted])

  const choose = (choice: ConsentChoice) => {
    storeConsent(storage(), choice)
    dispatch({ type: choice === 'granted' ? 'accept' : 'reject' })
    // Focus goes back where it came from (Cookie settings), else to the content.
    const back = returnFocus.current
    returnFocus.current = null
    if (back instanceof HTMLElement && back.isConnected) back.focus()
    else document.getElementById('main')?.focus({ preventScroll: true })
  }

  if (!hydrated || !state.bannerOpen) return null
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
          <a href={privacyPath} className="font-semibold text-brand-700 underline underline-offset-4">
            Privacy policy
          </a>
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
