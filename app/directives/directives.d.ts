import type { ExitIntentOptions } from './exit-intent.ts'
import type { ScrolledOptions } from './scrolled.ts'

// The site's client directives, as the .astro shells write them (./integration.ts).
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:exit-intent'?: ExitIntentOptions
      'client:scrolled'?: ScrolledOptions
      'client:interaction'?: boolean | string | readonly string[]
      'client:event'?: string
    }
  }
}
