import { fileURLToPath } from 'node:url'
import type { AstroIntegration } from 'astro'

/**
 * The site's own client directives (app/directives/README.md): when an island
 * wakes, for islands that `client:idle` or `client:visible` would wake too
 * early. Each is a few lines Astro inlines into the pages that use it.
 */
export function islandDirectives(): AstroIntegration {
  return {
    name: 'northpeak-island-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const name of ['exit-intent', 'scrolled', 'interaction', 'event']) {
          addClientDirective({ name, entrypoint: fileURLToPath(new URL(`./${name}.ts`, import.meta.url)) })
        }
      },
    },
  }
}
