import { caseStudyFiles } from './case-study-files.ts'
import { z } from 'zod'

/**
 * Settings read from the environment when the site is built
 * (docs/product.md#brand-and-business-facts). astro.config.ts and vitest.config.ts check them here
 * and hand them to the app as compile-time constants (see app/globals.d.ts),
 * so a bad value stops the build with a clear message instead of shipping.
 */
export const originSchema = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .refine((value) => new URL(value).pathname === '/' && !value.endsWith('/'), {
    error: 'must be an origin only, with no path and no trailing slash (e.g. https://northpeak.example)',
  })

const buildEnvSchema = z.object({
  /** Canonical base of every page URL, sitemap entry and social card. */
  SITE_ORIGIN: originSchema.default('https://northpeak.example'),
  /**
   * An outside scheduling page the agency also keeps, offered beside the site's
   * own booking on /contact (a new tab); unset, none is offered.
   */
  BOOKING_URL: z.url({ protocol: /^https$/, error: 'must be an absolute https URL' }).optional(),
  /** GA4 measurement id; without it analytics stays off. */
  VITE_GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, { error: 'must look like G-XXXXXXXXXX' })
    .optional(),
})

export type BuildEnv = z.infer<typeof buildEnvSchema>

export function readBuildEnv(env: Record<string, string | undefined>): BuildEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const result = buildEnvSchema.safeParse(cleaned)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    throw new Error(`Invalid build environment: ${problems.join('; ')}`)
  }
  return result.data
}

/** The `define` block shared by the Vite and Vitest configs. */
export function buildDefines(env: BuildEnv): Record<string, string> {
  return {
    __SITE_ORIGIN__: JSON.stringify(env.SITE_ORIGIN),
    __BOOKING_URL__: JSON.stringify(env.BOOKING_URL ?? ''),
    __GA_MEASUREMENT_ID__: JSON.stringify(env.VITE_GA_MEASUREMENT_ID ?? ''),
    // No script of a build needs the articles' pages; `npm run cms` hands the editor its list (astro.config.ts).
    __EDITOR_ARTICLES__: '[]',
    // The browser's registry lists the case studies as their files say (app/lib/site/case-study-files.ts).
    __CASE_STUDY_FILES__: JSON.stringify(caseStudyFiles),
  }
}

/**
 * Sets the same constants as globals, for code that runs outside Vite's
 * transform (scripts/, astro.config.ts and its integrations) and imports app modules.
 */
export function defineBuildGlobals(env: BuildEnv): void {
  for (const [name, value] of Object.entries(buildDefines(env))) {
    Object.assign(globalThis, { [name]: JSON.parse(value) as unknown })
  }
}
