import { describe, expect, test } from 'vitest'
import { dropUnusedThemeProperties } from './critical-css.ts'

describe('dropUnusedThemeProperties', () => {
  const css =
    '@layer theme{:root{--color-ink:#0f172a;--color-danger:#b91c1c;--font-sans:Arial;--default-font-family:var(--font-sans)}}' +
    '[data-theme=dark]{color-scheme:dark;--color-ink:#e2e8f0;--color-danger:#fca5a5}' +
    '.text-ink{color:var(--color-ink)}html{font-family:var(--default-font-family)}'

  test('drops the theme properties nothing on the page uses, in both themes', () => {
    expect(dropUnusedThemeProperties(css, '<p class="text-ink">')).toBe(
      '@layer theme{:root{--color-ink:#0f172a;--font-sans:Arial;--default-font-family:var(--font-sans)}}' +
        '[data-theme=dark]{color-scheme:dark;--color-ink:#e2e8f0}' +
        '.text-ink{color:var(--color-ink)}html{font-family:var(--default-font-family)}',
    )
  })

  test('keeps a property an inline style of the page uses', () => {
    const kept = dropUnusedThemeProperties(css, '<p style="color:var(--color-danger)">')
    expect(kept).toContain(':root{--color-ink:#0f172a;--color-danger:#b91c1c;')
    expect(kept).toContain('[data-theme=dark]{color-scheme:dark;--color-ink:#e2e8f0;--color-danger:#fca5a5}')
  })
})
