// Keeps in each pre-rendered page only the rules of the inline stylesheet that
// its HTML uses, but for hover states, and the custom properties those rules read
// (docs/decisions/024-page-rules-inline-whole-stylesheet-after.md).
// The whole stylesheet follows each page as a cached file (app/root.tsx), so
// what the page shows later (menus, dialogs, widgets, other pages) is styled.
import { readFileSync, writeFileSync } from 'node:fs'
import Beasties from 'beasties'
import postcss, { type Declaration } from 'postcss'

/** The inline <style> of a page, '' without one. */
export function inlineStylesheet(html: string): string {
  return /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
}

/** Every class name the page's HTML uses. */
export function classesOf(html: string): Set<string> {
  const names = [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap(([, list]) => list!.split(/\s+/))
  // React escapes `&` in attributes (`[&amp;_svg]:size-4`).
  return new Set(names.filter(Boolean).map((name) => name.replaceAll('&amp;', '&')))
}

/**
 * Selectors Beasties cannot match against a page: Tailwind's space-y-* and
 * divide-y-* (`:where(.space-y-4>:not(:last-child))`) and arbitrary variants
 * (`.\[\&_svg\]\:size-4 svg`, whose escaped `&` it misreads). Such a selector
 * is kept when the page uses its first class. The dark theme's selectors
 * (`[data-theme=dark]`, the `dark:` variant) match an attribute the head script
 * sets before the first paint, never the pre-rendered HTML: each is kept when
 * it names no class or the page uses one of its classes
 * (docs/decisions/026-type-and-theme.md). A RegExp to Beasties, which calls
 * `test` with each selector of the stylesheet.
 */
class UsedUnmatchable extends RegExp {
  constructor(private readonly classes: Set<string>) {
    super('')
  }

  override test(selector: string): boolean {
    if (selector.includes('[data-theme')) {
      const names = [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, name]) => name!.replace(/\\(.)/g, '$1'))
      return names.length === 0 || names.some((name) => this.classes.has(name))
    }
    if (!selector.includes(':where(') && !selector.includes('\\&')) return false
    const first = /\.((?:\\.|[\w-])+)/.exec(selector)?.[1]
    return first !== undefined && this.classes.has(first.replace(/\\(.)/g, '$1'))
  }
}

/**
 * The page's stylesheet without its hover states (Tailwind's `hover:`
 * variants, inside `@media (hover:hover)`): they answer a pointer, which can
 * wait for the whole stylesheet React applies once it has hydrated, while
 * every page's first round trip cannot.
 */
export function withoutHoverRules(css: string): string {
  const root = postcss.parse(css)
  root.walkAtRules('media', (media) => {
    if (media.params.replaceAll(' ', '') === '(hover:hover)') media.remove()
  })
  return root.toString()
}

/** The custom properties a CSS value reads, fallbacks included. */
function readsOf(value: string): string[] {
  return [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map(([, name]) => name!)
}

/**
 * The page's stylesheet without the custom properties nothing on the page
 * reads: theme tokens of colours, sizes and fonts the page does not use, and
 * Tailwind's `--tw-*` properties for effects it does not show; those it keeps
 * are plain values on every element rather than `@property` rules. A property
 * is read when a declaration of a kept rule, an inline `style` of the page, or
 * the value of another read property names it in `var()`. One that nothing
 * sets to anything but `initial` goes too.
 */
export function withoutUnusedProperties(css: string, html: string): string {
  const root = postcss.parse(css)
  const definitions = new Map<string, Declaration[]>()
  const read = new Set<string>()
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl])
    else for (const name of readsOf(decl.value)) read.add(name)
  })
  const styles = [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, style]) => style!)
  for (const style of styles) for (const name of readsOf(style)) read.add(name)
  const pending = [...read]
  while (pending.length > 0) {
    for (const decl of definitions.get(pending.pop()!) ?? []) {
      for (const name of readsOf(decl.value)) {
        if (!read.has(name)) {
          read.add(name)
          pending.push(name)
        }
      }
    }
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove()
  })
  // A property that every declaration on the page sets to `initial` (as
  // Tailwind resets its `--tw-*` properties on every element) is unset
  // everywhere without them: `var()` reads its fallback either way.
  for (const [name, decls] of definitions) {
    const setByStyle = styles.some((style) => style.includes(`${name}:`))
    if (!setByStyle && decls.every((decl) => decl.value.trim() === 'initial')) for (const decl of decls) decl.remove()
  }
  // Tailwind registers its `--tw-*` properties twice: with `@property`, and
  // as plain values on every element for browsers without it (inside an
  // `@supports` that only those match). Plain values on every element are
  // what `@property` gives each one too (none of them inherits), so the page
  // keeps only those, for every browser; the whole stylesheet brings the
  // registrations once React has hydrated, before anything could animate them.
  root.walkAtRules('property', (rule) => {
    rule.remove()
  })
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'properties') return
    layer.walkAtRules('supports', (supports) => {
      supports.replaceWith(supports.nodes ?? [])
    })
  })
  // Rules, layers and @supports blocks left empty go too, innermost first.
  let emptied = true
  while (emptied) {
    emptied = false
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove()
        emptied = true
      }
    })
  }
  return root.toString()
}

export async function keepPageRules(root: string, files: string[]): Promise<{ before: number; after: number }> {
  let before = 0
  let after = 0
  for (const file of files) {
    const html = readFileSync(file, 'utf8')
    const whole = inlineStylesheet(html)
    if (!whole) continue
    const beasties = new Beasties({
      path: root,
      // The inline stylesheet is pruned; the linked whole stylesheet is left alone.
      reduceInlineStyles: true,
      external: false,
      allowRules: [new UsedUnmatchable(classesOf(html))],
      logLevel: 'warn',
    })
    // Beasties writes the whole document anew (attributes lowercased, a marker
    // on <html>); only its stylesheet is taken, so the rest of the page, its
    // hashed inline scripts included, stays byte for byte what React rendered.
    const kept = withoutUnusedProperties(withoutHoverRules(inlineStylesheet(await beasties.process(html))), html)
    if (!kept) throw new Error(`${file}: no stylesheet left after keeping the page's rules`)
    before += whole.length
    after += kept.length
    writeFileSync(
      file,
      html.replace(`<style>${whole}</style>`, () => `<style>${kept}</style>`),
    )
  }
  return { before, after }
}
