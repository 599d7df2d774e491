// Checks content files against their schemas and the route registry.
//   npm run content:check                 every file, as the build does
//   npm run content:check -- content/blog  only the files under a prefix, with word counts
import { defineBuildGlobals, readBuildEnv } from '#app/lib/build-env.ts'

// The app reads build settings as compile-time constants (app/globals.d.ts);
// outside Vite they are set before the content modules load.
defineBuildGlobals(readBuildEnv(process.env))
const { emptyContent, loadContent, loadEntry } = await import('#app/lib/content/collections.server.ts')
const { ContentError, contentFileOf } = await import('#app/lib/content/files.ts')
const { pages } = await import('#app/lib/registry.ts')

const prefix = process.argv[2]
let failed = false
if (prefix) {
  for (const entry of pages.filter((page) => contentFileOf(page).startsWith(prefix))) {
    const content = emptyContent()
    try {
      loadEntry(content, entry)
      const parsed = [...Object.values(content)].flatMap((map: Map<string, { words: number }>) => [...map.values()])
      console.log(`ok ${contentFileOf(entry)} (${parsed[0]?.words ?? 0} words of body)`)
    } catch (error) {
      if (!(error instanceof ContentError)) throw error
      console.error(error.message)
      failed = true
    }
  }
} else {
  try {
    const content = loadContent()
    for (const [family, entries] of Object.entries(content) as [string, Map<string, { words: number }>][]) {
      const words = [...entries.values()].reduce((sum, entry) => sum + entry.words, 0)
      console.log(`${family}: ${entries.size} files, ${words} words of body`)
    }
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    console.error(error.message)
    failed = true
  }
}
console.log(failed ? 'content: problems found' : 'content: ok')
process.exit(failed ? 1 : 0)
