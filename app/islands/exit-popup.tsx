import { Dialog } from 'radix-ui'
import { useCallback, useEffect, useRef, useState, type RefObject, type SubmitEvent } from 'react'
import { IslandBoundary } from '#app/components/error-fallback.tsx'
import {
  EXIT_POPUP_SEEN_KEY,
  OFFER_SHEET_MEDIA,
  openPopovers,
  readFlag,
  setFlag,
  sheetMustWait,
  visitorIsBusy,
} from '#app/components/lead-widget-rules.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { toast } from '#app/components/ui/toast.ts'
import { trackFormSubmission } from '#app/lib/analytics/analytics.ts'
import { attributionFor } from '#app/lib/leads/attribution.ts'
import { sendLead } from '#app/lib/leads/send-lead.ts'
import { actions } from 'astro:actions'
import { listOf } from '#app/lib/site/in-sentence.ts'
import { site } from '#app/lib/site/site.ts'

/** How long the thank-you state stays before the popup closes itself (docs/product.md#exit-popup). */
export const EXIT_POPUP_CLOSE_MS = 3000
/**
 * The lead schema, with zod, loaded when the visitor first focuses the field
 * or sends it, not with the popup.
 */
const loadSchema = () => import('#app/lib/leads/lead.ts')

/** How often a popup held back by a busy visitor looks again. */
const RETRY_WHEN_BUSY_MS = 2000

const failed = { title: 'Something went wrong', description: 'Please try again later.' }
const sent = { title: 'Success!', description: 'Check your email for the free audit kit!' }

/** The kit's parts as the list shows them: the name, capitalized, and what the part is (app/lib/site/site.ts). */
const offerItems = site.auditOffer.kit.map((part) => ({
  name: part.name.charAt(0).toUpperCase() + part.name.slice(1),
  what: part.what,
}))

/** What the one email brings, as the thank-you names it: "the 47-point audit checklist, the … and the …". */
const sentParts = listOf(site.auditOffer.kit.map((part) => `the ${part.name}`))

/** The sheet's offer in a line: what the kit is worth and what the email brings (server/outbox/mail.ts, `checklistMail`). */
const sheetTitle = `Free audit kit, worth ${site.auditOffer.worth}`
const sheetText = `Our ${listOf(site.auditOffer.kit.map((part) => part.name))}, sent to you by email.`

function attribution() {
  try {
    return attributionFor(window.location.pathname, sessionStorage)
  } catch {
    return { page: window.location.pathname }
  }
}

interface ExitPopupProps {
  /** The 47-point checklist's page, opened from the thank-you state. */
  checklistPath: string
  /** The privacy policy, linked under the field. */
  privacyPath: string
}

/**
 * The exit popup (docs/product.md#exit-popup), an island woken by
 * `client:exit-intent` when the pointer leaves through the top of the window
 * or 30 s after the page started loading, and never once the visitor has seen
 * it (a stored flag). On a wide screen with a mouse it is a modal dialog: it
 * opens at once, unless a dialog is open, or a menu or a field is in use: then
 * it waits until the visitor is done. A menu open only under the pointer
 * closes as it opens, and none opens under it. On a narrow or touch screen
 * (`OFFER_SHEET_MEDIA`) it is a small sheet at the foot of the screen that
 * takes no focus, said politely; its button opens the dialog's form.
 */
export function ExitPopup(props: ExitPopupProps) {
  return (
    <IslandBoundary>
      <ExitPopupWhenFree {...props} />
    </IslandBoundary>
  )
}

/** Hidden; the modal dialog at the popup's moment; the sheet; the dialog the visitor opened from the sheet. */
type View = 'hidden' | 'dialog' | 'sheet' | 'form'

function ExitPopupWhenFree(props: ExitPopupProps) {
  const [view, setView] = useState<View>('hidden')
  // Where focus was before the visitor went into the sheet: it goes back there when the sheet or its form closes.
  const cameFromRef = useRef<HTMLElement | null>(null)
  useEffect(() => {
    let retry: ReturnType<typeof setTimeout> | undefined
    function show() {
      if (readFlag(EXIT_POPUP_SEEN_KEY)) return
      const asSheet = window.matchMedia(OFFER_SHEET_MEDIA).matches
      if (asSheet ? sheetMustWait() : visitorIsBusy()) {
        retry = setTimeout(show, RETRY_WHEN_BUSY_MS)
        return
      }
      setFlag(EXIT_POPUP_SEEN_KEY)
      setView(asSheet ? 'sheet' : 'dialog')
    }
    show()
    return () => clearTimeout(retry)
  }, [])
  const close = useCallback(() => setView('hidden'), [])
  const backFromSheet = useCallback(() => focusBack(cameFromRef.current), [])
  return (
    <>
      {/* The sheet takes no focus: this says it appeared. In the page from the
          first render, so that a screen reader reads what is put in it. */}
      <div role="status" className="sr-only">
        {view === 'sheet' ? `${sheetTitle}: an offer at the foot of the screen.` : ''}
      </div>
      {view === 'sheet' ? (
        <OfferSheet cameFromRef={cameFromRef} onOpenForm={() => setView('form')} onClose={close} />
      ) : null}
      {view === 'dialog' ? <PopupDialog {...props} leaving onClose={close} /> : null}
      {view === 'form' ? <PopupDialog {...props} leaving={false} onClose={close} returnFocus={backFromSheet} /> : null}
    </>
  )
}

/** Focus back on `element`, where it still is, or else on the page's content, without scrolling. */
function focusBack(element: HTMLElement | null) {
  const target = element?.isConnected ? element : document.getElementById('main')
  target?.focus({ preventScroll: true })
}

/** The id of the sheet's title, which names it. */
const SHEET_TITLE_ID = 'offer-sheet-title'

/**
 * The offer on a narrow or touch screen: a small sheet at the foot of the
 * screen (above the mobile call-to-action bar while it shows, app/app.css),
 * a complementary landmark that takes no focus. Its button opens the form;
 * its close button and Escape dismiss it, and focus, if it was in the sheet,
 * goes back where it came from. Shown once ever, as the dialog is.
 */
function OfferSheet({
  cameFromRef,
  onOpenForm,
  onClose,
}: {
  cameFromRef: RefObject<HTMLElement | null>
  onOpenForm: () => void
  onClose: () => void
}) {
  const sheet = useRef<HTMLElement>(null)
  function dismiss() {
    const hadFocus = sheet.current?.contains(document.activeElement) ?? false
    onClose()
    if (hadFocus) focusBack(cameFromRef.current)
  }
  return (
    <aside
      ref={sheet}
      data-shell=""
      aria-labelledby={SHEET_TITLE_ID}
      onFocus={(event) => {
        const from = event.relatedTarget
        if (!(from instanceof Node && sheet.current?.contains(from))) {
          cameFromRef.current = from instanceof HTMLElement ? from : null
        }
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss()
      }}
      className="offer-sheet fixed inset-x-2 bottom-2 z-40 mx-auto max-w-md rounded-2xl border border-slate-200 bg-surface p-3 shadow-xl sm:inset-x-3 sm:bottom-3 sm:p-4"
    >
      {/* The close button's 44 px reach into the padding, so the title's line sets the row's height. */}
      <div className="flex items-start justify-between gap-2">
        <p id={SHEET_TITLE_ID} className="font-semibold text-ink">
          {sheetTitle}
        </p>
        <button
          type="button"
          aria-label="Hide this offer"
          onClick={dismiss}
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: '-my-2.5 -mr-2.5' })}
        >
          <Icon name="close" />
        </button>
      </div>
      {/* On a short screen the title and the button say it, so that the sheet keeps to a quarter of it. */}
      <p className="mt-1 text-sm text-muted [@media(height<40rem)]:hidden">{sheetText}</p>
      <Button variant="cta" size="sm" className="mt-2.5" onClick={onOpenForm}>
        <Icon name="mail" />
        Email me the kit
      </Button>
    </aside>
  )
}

/** The id of the message under the popup's field. */
const EMAIL_ERROR_ID = 'exit-popup-email-error'

interface PopupDialogProps extends ExitPopupProps {
  /** Opened at the popup's moment, as the visitor may be leaving; not when they asked for it from the sheet. */
  leaving: boolean
  onClose: () => void
  /** Where focus goes as it closes; by default, back where it was when it opened. */
  returnFocus?: () => void
}

/**
 * A modal dialog offering the free audit kit for an email address, sent to
 * the lead API. Escape, the backdrop and the close button close it, and focus
 * goes back where it was. A wrong address is marked at the field, with the
 * schema's message under it, and focus goes back to it; the mark goes once
 * the address is right.
 */
function PopupDialog({ checklistPath, privacyPath, leaving, onClose, returnFocus }: PopupDialogProps) {
  const [address, setAddress] = useState('')
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing')
  const [error, setError] = useState<string | undefined>()
  const schema = useRef<Awaited<ReturnType<typeof loadSchema>>>(undefined)
  const input = useRef<HTMLInputElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const checklistLink = useRef<HTMLAnchorElement>(null)
  // When the popup opened: the server's bot check measures from it.
  const [startedAt] = useState(() => Date.now())
  // Where focus was when the popup opened (it opens by itself, without a trigger).
  const [focusedBefore] = useState(() => document.activeElement)

  // A menu the pointer opened on its way out closes as the popup opens, and
  // while it is open no popover outside it opens (as a menu whose pointer
  // delay runs out now would).
  useEffect(() => {
    for (const popover of openPopovers()) popover.hidePopover()
    const refuse = (event: Event) => {
      const opening = (event as ToggleEvent).newState === 'open'
      if (opening && !content.current?.contains(event.target as Node)) event.preventDefault()
    }
    document.addEventListener('beforetoggle', refuse, true)
    return () => document.removeEventListener('beforetoggle', refuse, true)
  }, [])

  /** The address marked wrong with `message`, read out and focused. */
  function showError(message: string) {
    setError(message)
    input.current?.focus()
  }

  useEffect(() => {
    if (state !== 'sent') return
    checklistLink.current?.focus()
    const timer = setTimeout(onClose, EXIT_POPUP_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [state, onClose])

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (state !== 'editing') return
    try {
      schema.current = await loadSchema()
    } catch {
      // Offline, or a new release replaced the file: the address cannot be checked here.
      toast.error(failed)
      return
    }
    const checked = schema.current.email.safeParse(address)
    if (!checked.success) {
      showError(checked.error.issues[0]?.message ?? 'Enter a valid email address')
      return
    }
    setError(undefined)
    setState('sending')
    const page = window.location.pathname
    const result = await sendLead(actions.signUp, { kind: 'popup', email: checked.data, ...attribution(), startedAt })
    trackFormSubmission({ formName: 'exit_popup', success: result.ok, pagePath: page })
    if (result.ok) {
      setState('sent')
      toast.success(sent)
    } else {
      setState('editing')
      if (result.reason === 'invalid' && result.fields.email) {
        showError(result.fields.email)
      } else {
        toast.error(failed)
      }
    }
  }

  return (
    <Dialog.Root defaultOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay data-shell="" className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          ref={content}
          data-shell=""
          aria-modal="true"
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-xl sm:p-8"
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            input.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            if (returnFocus) returnFocus()
            else if (focusedBefore instanceof HTMLElement && focusedBefore.isConnected) focusedBefore.focus()
          }}
        >
          <Dialog.Close
            aria-label="Close"
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'absolute top-2 right-2' })}
          >
            <Icon name="close" />
          </Dialog.Close>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Free audit kit</p>
          <Dialog.Title className="mt-2 pr-8 text-2xl font-bold tracking-tight text-balance text-ink">
            {leaving ? 'Before you go: get our marketing audit kit, free' : 'Get our marketing audit kit, free'}
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-muted">
            Three tools we use with clients, valued at {site.auditOffer.worth}, sent to your inbox:
          </Dialog.Description>
          <ul className="mt-4 space-y-2 text-sm text-muted">
            {offerItems.map((item) => (
              <li key={item.name} className="flex gap-2">
                <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  <strong className="font-semibold text-ink">{item.name}</strong>: {item.what}.
                </span>
              </li>
            ))}
          </ul>
          {state === 'sent' ? (
            <div className="mt-6 rounded-xl bg-brand-50 p-4">
              <p role="status" className="font-semibold text-ink">
                Thank you! The audit kit is on its way to {address}: {sentParts}, in one email.
              </p>
              <a
                ref={checklistLink}
                href={checklistPath}
                onClick={onClose}
                className={buttonVariants({ variant: 'default', className: 'mt-3 w-full' })}
              >
                Open the checklist now
              </a>
            </div>
          ) : (
            <form noValidate onSubmit={submit} className="mt-6" aria-label="Get the free audit kit">
              <label htmlFor="exit-popup-email" className="text-sm font-semibold text-ink">
                Email address
              </label>
              <input
                ref={input}
                id="exit-popup-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                value={address}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? EMAIL_ERROR_ID : undefined}
                onChange={(event) => {
                  setAddress(event.target.value)
                  if (error && schema.current?.email.safeParse(event.target.value).success) setError(undefined)
                }}
                onFocus={() =>
                  void loadSchema()
                    .then((module) => (schema.current = module))
                    .catch(() => undefined)
                }
                className="mt-1.5 h-11 w-full rounded-lg border border-slate-300 px-3 text-ink aria-invalid:border-danger"
              />
              {/* Read out when it appears or changes; tied to the field for when it is focused again. */}
              <div aria-live="polite">
                {error ? (
                  <p id={EMAIL_ERROR_ID} className="mt-1.5 text-sm font-medium text-danger">
                    {error}
                  </p>
                ) : null}
              </div>
              <Button type="submit" variant="cta" className="mt-3 w-full" aria-disabled={state === 'sending'}>
                {state === 'sending' ? 'Sending…' : 'Send me the free kit'}
              </Button>
              <p className="mt-3 text-xs text-muted">
                We send the kit to this address and tell our team you asked for it. No newsletter.{' '}
                <a href={privacyPath} onClick={onClose} className="underline underline-offset-4">
                  How we handle your address
                </a>
              </p>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
