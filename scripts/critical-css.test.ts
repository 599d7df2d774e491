import { describe, expect, it } from 'vitest'
import { withoutHoverRules, withoutUnusedProperties } from './critical-css.ts'

// A page's inline stylesheet as Tailwind writes it, cut short.
const css = [
  '@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000;--tw-gradient-from:#0000}}}',
  '@layer theme{:root{--font-sans:system-ui,sans-serif;--default-font-family:var(--font-sans);--color-brand-700:#4338ca;--color-cta-600:#c2410c;--color-red-700:#b91c1c;--text-xs:.75rem;--text-xs--line-height:calc(1/.75)}}',
  '@layer base{html{font-family:var(--default-font-family,system-ui)}}',
  '@layer utilities{.text-brand-700{color:var(--color-brand-700)}.shadow-sm{--tw-shadow:0 1px 2px #0000000d;box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}.text-xs{font-size:var(--text-xs);line-height:var(--tw-leading,var(--text-xs--line-height))}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}',
].join('')

describe('withoutUnusedProperties', () => {
  const kept = withoutUnusedProperties(css, '<p class="text-brand-700">Hi</p>')

  it('keeps the tokens the rules read, and those the tokens themselves read', () => {
    expect(kept).toContain('--color-brand-700:#4338ca')
    expect(kept).toContain('--default-font-family:var(--font-sans)')
    expect(kept).toContain('--font-sans:system-ui,sans-serif')
    expect(kept).toContain('--text-xs:.75rem')
    expect(kept).toContain('--text-xs--line-height:calc(1/.75)')
  })

  it('drops the tokens no rule reads', () => {
    expect(kept).not.toContain('--color-cta-600')
    expect(kept).not.toContain('--color-red-700')
  })

  it('keeps the registered properties the page reads as plain values on every element, in every browser', () => {
    expect(kept).toContain('@layer properties{*,:before,:after{--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000}}')
    expect(kept).not.toContain('@property')
    expect(kept).not.toContain('@supports')
    expect(kept).not.toContain('--tw-gradient-from')
  })

  it('counts what the page reads in its own style attributes', () => {
    const withChart = withoutUnusedProperties(css, '<svg><path style="stroke:var(--color-cta-600)"/></svg>')
    expect(withChart).toContain('--color-cta-600:#c2410c')
  })

  it('leaves every rule that is not a custom property as it was', () => {
    expect(kept).toContain('.text-brand-700{color:var(--color-brand-700)}')
    expect(kept).toContain('box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}')
    expect(kept).toContain('html{font-family:var(--default-font-family,system-ui)}')
  })

  it('drops a property every element resets to initial when nothing else sets it', () => {
    const blur =
      '@layer properties{*,:before,:after{--tw-backdrop-blur:initial;--tw-backdrop-sepia:initial;--tw-leading:initial}}' +
      '.backdrop-blur{--tw-backdrop-blur:blur(8px);backdrop-filter:var(--tw-backdrop-blur,) var(--tw-backdrop-sepia,)}' +
      '.text-xs{line-height:var(--tw-leading,1rem)}'
    const out = withoutUnusedProperties(blur, '<p class="text-xs" style="--tw-leading:2rem">')
    // Set by a rule or an inline style: the reset on every element keeps it from being inherited.
    expect(out).toContain('--tw-backdrop-blur:initial')
    expect(out).toContain('--tw-leading:initial')
    // Set by nothing: unset already, and var() reads the same fallback.
    expect(out).not.toContain('--tw-backdrop-sepia:initial')
    expect(out).toContain('var(--tw-backdrop-sepia,)')
  })

  it('removes blocks left empty', () => {
    const onlyUnused = withoutUnusedProperties(
      '@layer properties{@supports (-moz-orient:inline){*{--tw-gradient-from:#0000}}}.a{color:red}',
      '',
    )
    expect(onlyUnused).toBe('.a{color:red}')
  })
})

describe('withoutUnusedProperties, in both themes', () => {
  const css =
    '@layer theme{:root{--color-ink:#0f172a;--color-danger:#b91c1c;--font-sans:Arial;--default-font-family:var(--font-sans)}}' +
    '[data-theme=dark]{color-scheme:dark;--color-ink:#e2e8f0;--color-danger:#fca5a5}' +
    '.text-ink{color:var(--color-ink)}html{font-family:var(--default-font-family)}'

  it('drops the theme properties nothing on the page uses, from the dark theme too', () => {
    expect(withoutUnusedProperties(css, '<p class="text-ink">')).toBe(
      '@layer theme{:root{--color-ink:#0f172a;--font-sans:Arial;--default-font-family:var(--font-sans)}}' +
        '[data-theme=dark]{color-scheme:dark;--color-ink:#e2e8f0}' +
        '.text-ink{color:var(--color-ink)}html{font-family:var(--default-font-family)}',
    )
  })

  it('keeps in both themes a property an inline style of the page uses', () => {
    const kept = withoutUnusedProperties(css, '<p style="color:var(--color-danger)">')
    expect(kept).toContain(':root{--color-ink:#0f172a;--color-danger:#b91c1c;')
    expect(kept).toContain('[data-theme=dark]{color-scheme:dark;--color-ink:#e2e8f0;--color-danger:#fca5a5}')
  })
})

describe('withoutHoverRules', () => {
  it('leaves out the hover states and keeps every other rule, focus and media queries included', () => {
    const css =
      '@layer utilities{.text-ink{color:var(--color-ink)}@media (hover:hover){.hover\\:bg-slate-100:hover{background-color:var(--color-slate-100)}}' +
      '.focus-visible\\:ring-2:focus-visible{--tw-ring-shadow:0 0 0 2px}@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}}'
    expect(withoutHoverRules(css)).toBe(
      '@layer utilities{.text-ink{color:var(--color-ink)}' +
        '.focus-visible\\:ring-2:focus-visible{--tw-ring-shadow:0 0 0 2px}@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}}',
    )
  })
})
