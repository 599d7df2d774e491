import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react'
import type { ConsentIntent } from '#app/components/consent-types.ts'
import { afterLoad, whenIdle } from '#app/lib/idle.ts'
import { createLateModule } from '#app/lib/late-module.ts'
import { useLateWidget } from '#app/lib/use-late-widget.ts'

const consentCode = /* @__PURE__ */ createLateModule(() => import('./loaded-consent.tsx'), 'The cookie consent')

const noSubscription = () => () => {}

// Presses of Cookie settings, for the one Consent mounted in the root.
const reopenListeners = new Set<() => void>()

/**
 * The consent banner and, once a visitor accepts, measurement
 * (docs/product.md#analytics-and-consent): a late-loaded widget with nothing
 * to show before its code arrives, fetched when the browser is idle after
 * load. The root renders it only in a build with a measurement id, so a build
 * without one ships none of its code.
 */
export function Consent() {
  const [Loaded, wake] = useLateWidget(consentCode)
  const [reopens, setReopens] = useState(0)
  const wakeUp = useEffectEvent(wake)

  useEffect(() => {
    let cancelIdle = () => {}
    const cancelLoad = afterLoad(() => {
      cancelIdle = whenIdle(wakeUp)
    })
    return () => {
      cancelLoad()
      cancelIdle()
    }
  }, [])

  useEffect(() => {
    const reopen = () => {
      setReopens((count) => count + 1)
      wakeUp()
    }
    reopenListeners.add(reopen)
    return () => {
      reopenListeners.delete(reopen)
    }
  }, [])

  const intent: ConsentIntent = { reopens }
  return Loaded ? <Loaded {...intent} /> : null
}

/**
 * The footer's "Cookie settings", an item of its Legal list: a button styled
 * as a link that opens the banner again. It shows once the page is hydrated
 * (it needs the script), and the footer renders it only in a build with a
 * measurement id.
 */
export function CookieSettingsItem({ className }: { className?: string }) {
  // useHydrated (app/lib/use-hydrated.ts) written out: importing it here would
  // pull it into the code every page loads, even in builds without this item.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  if (!hydrated) return null
  return (
    <li>
      <button
        type="button"
        className={className}
        onClick={() => {
          for (const reopen of reopenListeners) reopen()
        }}
      >
        Cookie settings
      </button>
    </li>
  )
}
