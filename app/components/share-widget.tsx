import { useEffect, useEffectEvent, useState, type FocusEvent } from 'react'
import { ShareFrame, ShareLinkItem } from '#app/components/share-widget-parts.tsx'
import type { ShareWidgetProps } from '#app/components/share-widget-types.ts'
import { afterLoad, whenIdle } from '#app/lib/idle.ts'
import { createLateModule } from '#app/lib/late-module.ts'
import { shareLinks } from '#app/lib/share.ts'
import { useLateWidget } from '#app/lib/use-late-widget.ts'

const shareCode = createLateModule(() => import('./loaded-share-widget.tsx'), 'The share buttons')

/**
 * Share buttons for an article or a case study (docs/product.md#share-widget),
 * a late-loaded widget (app/components/README.md). The pre-rendered page holds
 * the X, LinkedIn and Facebook links as plain links to a new tab, which work
 * without JavaScript. The widget's code arrives when the browser is idle
 * after load (or at once when a visitor points at or focuses it) and adds
 * the share window, Copy link and, where the device has one, its own share
 * sheet.
 */
export function ShareWidget(props: ShareWidgetProps) {
  const [focused, setFocused] = useState<number | null>(null)
  const [Loaded, wake] = useLateWidget(shareCode)
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

  if (Loaded) return <Loaded {...props} focused={focused} />

  return (
    <ShareFrame
      variant={props.variant}
      onPointerEnter={wake}
      onFocus={(event: FocusEvent<HTMLDivElement>) => {
        const index = [...event.currentTarget.querySelectorAll('a')].indexOf(
          event.target as Element as HTMLAnchorElement,
        )
        setFocused(index >= 0 ? index : null)
        wake()
      }}
      onBlur={(event: FocusEvent<HTMLDivElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null)
      }}
    >
      {shareLinks(props).map((link) => (
        <ShareLinkItem key={link.method} link={link} />
      ))}
    </ShareFrame>
  )
}
