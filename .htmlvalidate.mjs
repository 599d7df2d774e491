// html-validate's configuration for the pre-rendered pages (`npm run check:html`,
// docs/decisions/022-release-gates.md). The recommended preset, less the rules
// that only judge how React serializes markup, which browsers and the HTML spec
// treat alike; every rule that can find a real defect stays on.
import { defineConfig } from 'html-validate'

export default defineConfig({
  root: true,
  extends: ['html-validate:recommended'],
  elements: [
    'html5',
    {
      // Astro writes the islands' one shared <style> (display: contents for
      // <astro-island>) right before a page's first island, in the body. The
      // layout makes that the first child of its element
      // (app/layouts/site-layout.astro), and the Nu Html Checker, which runs
      // too, holds every <style> in the body to exactly that.
      style: { flow: true },
    },
  ],
  rules: {
    // React writes `charSet` and `popoverTarget` in camelCase; HTML attribute
    // names are case-insensitive, so this is style only.
    'attr-case': 'off',
    // React writes void elements self-closed (`<meta ... />`), valid HTML.
    'void-style': 'off',
    // React writes boolean attributes as `async=""`, valid HTML.
    'attribute-boolean-style': 'off',
    // As the preset has them, stated so they stay on: a named region is a
    // <section aria-label> (a table's scroll box, app/lib/content/markdown.server.ts,
    // and the mobile call-to-action bar), never a <div role="region">; and
    // aria-label or aria-labelledby only on landmarks, widgets and the
    // elements that take a name.
    'prefer-native-element': 'error',
    'aria-label-misuse': ['error', { allowAnyNamable: false }],
    // React's useId() writes ids such as `_R_1p35_`: valid HTML (any id without
    // spaces), and the Nu Html Checker agrees. Unique and non-empty ids stay checked.
    'valid-id': ['error', { relaxed: true }],
    // The dashboard's charts and the calculator set their geometry and colours
    // as inline styles, so page-only styles never grow the stylesheet every page
    // inlines (docs/decisions/019-own-svg-charts.md); the policy allows inline
    // styles (style-src 'unsafe-inline', for Radix too).
    'no-inline-style': 'off',
    // What search results show of a title, the site's own limit
    // (searchLimits in app/lib/site/seo.ts).
    'long-title': ['error', { maxlength: 70 }],
  },
})
