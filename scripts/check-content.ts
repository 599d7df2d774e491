// Checks the content files as the build does: Astro loads every collection
// (app/content.config.ts) through the site's checks (app/lib/content/loader.ts).
//   npm run content:check                  every file
//   npm run content:check -- content/blog  the same, then the words of body of each file under a prefix
import { readFileSync } from 'node:fs'
import { sync } from 'astro'
import { defineBuildGlobals, readBuildEnv } from '#app/lib/site/build-env.ts'

// The app reads build settings as compile-time constants (app/globals.d.ts);
// outside Vite they are set before the content modules load.
defineBuildGlobals(readBuildEnv(process.env))
const { contentFileOf, parseFrontmatter } = await import('#app/lib/content/files.ts')
const { countWords } = await import('#app/lib/content/markdown.ts')
const { resolvePlaceholders } = await import('#app/lib/content/placeholders.ts')
const { pages } = await import('#app/lib/site/registry.ts')

try {
  // A cache of its own, so a check never touches the build's content store.
  await sync({ root: process.cwd(), cacheDir: '.cache/content-check', logLevel: 'silent' })
} catch (error) {
  console.error((error as Error).message)
  console.log('content: problems found')
  process.exit(1)
}
const prefix = process.argv[2]
if (prefix) {
  for (const file of pages.map(contentFileOf).filter((file) => file.startsWith(prefix))) {
    const body = resolvePlaceholders(parseFrontmatter(readFileSync(file, 'utf8')).content)
    console.log(`ok ${file} (${countWords(body)} words of body)`)
  }
}
console.log('content: ok')
