import { describe, expect, it } from 'vitest'
import {
  CONSENT_STORAGE_KEY,
  consentReducer,
  initialConsent,
  measuring,
  readConsent,
  storeConsent,
  type ConsentAction,
  type ConsentState,
} from './consent.ts'

const run = (state: ConsentState, ...actions: ConsentAction['type'][]) =>
  actions.reduce((current, type) => consentReducer(current, { type }), state)

describe('the consent state machine', () => {
  it('shows the banner on a first visit and measures nothing until Accept', () => {
    const first = initialConsent(null)
    expect(first).toEqual({ choice: null, bannerOpen: true, reopened: false })
    expect(measuring(first)).toBe(false)
    const accepted = run(first, 'accept')
    expect(accepted).toEqual({ choice: 'granted', bannerOpen: false, reopened: false })
    expect(measuring(accepted)).toBe(true)
  })

  it('measures nothing after Reject, and keeps the banner closed', () => {
    const rejected = run(initialConsent(null), 'reject')
    expect(rejected).toEqual({ choice: 'denied', bannerOpen: false, reopened: false })
    expect(measuring(rejected)).toBe(false)
  })

  it('starts from a stored choice without asking again', () => {
    expect(initialConsent('granted')).toEqual({ choice: 'granted', bannerOpen: false, reopened: false })
    expect(measuring(initialConsent('granted'))).toBe(true)
    expect(initialConsent('denied')).toEqual({ choice: 'denied', bannerOpen: false, reopened: false })
  })

  it('opens again from Cookie settings with the choice still in force until a new one', () => {
    const reopened = run(initialConsent('granted'), 'reopen')
    expect(reopened).toEqual({ choice: 'granted', bannerOpen: true, reopened: true })
    expect(measuring(reopened)).toBe(true)
    const withdrawn = run(reopened, 'reject')
    expect(withdrawn).toEqual({ choice: 'denied', bannerOpen: false, reopened: false })
    expect(measuring(withdrawn)).toBe(false)
    expect(measuring(run(withdrawn, 'reopen', 'accept'))).toBe(true)
  })

  it('ignores Cookie settings while the banner already shows', () => {
    const first = initialConsent(null)
    expect(run(first, 'reopen')).toBe(first)
  })
})

describe('the stored choice', () => {
  function memoryStorage(entries: Record<string, string> = {}) {
    return {
      entries,
      getItem: (key: string) => entries[key] ?? null,
      setItem: (key: string, value: string) => {
        entries[key] = value
      },
    }
  }

  it('is kept under one key and read back', () => {
    const storage = memoryStorage()
    expect(readConsent(storage)).toBeNull()
    storeConsent(storage, 'denied')
    expect(storage.entries).toEqual({ [CONSENT_STORAGE_KEY]: 'denied' })
    expect(readConsent(storage)).toBe('denied')
    storeConsent(storage, 'granted')
    expect(readConsent(storage)).toBe('granted')
  })

  it('counts anything else, or storage that is off, as no choice', () => {
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: 'yes' }))).toBeNull()
    expect(readConsent(undefined)).toBeNull()
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(readConsent(blocked)).toBeNull()
    expect(() => storeConsent(blocked, 'granted')).not.toThrow()
  })
})
