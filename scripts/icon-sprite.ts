// Writes app/assets/icons.svg, the sprite every icon on the site is drawn
// from: `npm run icons` after adding a name to app/lib/site/icons.ts or to the
// content icons in app/lib/content/schemas.ts. The drawings are Lucide's; the
// browser fetches them once, cached for a year, instead of every page's HTML
// and every visitor's JavaScript carrying them again.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { drawings } from '#app/components/ui/icon-drawings.ts'

export const spriteFile = fileURLToPath(new URL('../app/assets/icons.svg', import.meta.url))

/** The sprite's text: one `<symbol>` per icon name, in name order. */
export function renderIconSprite(): string {
  const symbols = Object.entries(drawings)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, drawing]) => {
      const markup = renderToStaticMarkup(createElement(drawing))
      const shapes = /^<svg[^>]*>(.*)<\/svg>$/s.exec(markup)?.[1]
      if (!shapes) throw new Error(`Icon ${name}: unexpected markup ${markup.slice(0, 80)}`)
      return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`
    })
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(spriteFile, renderIconSprite())
  console.log(`icons: wrote ${spriteFile}`)
}
