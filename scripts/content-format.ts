// Writes every content file as the content editor would save it unchanged
// (app/lib/content/editor/saved.ts), so that a save in the editor changes
// only the fields it changed (docs/editing.md).
//   npm run content:format             rewrite the files that differ
//   npm run content:format -- --check  list them and exit 1, writing nothing
import { readFileSync, writeFileSync } from 'node:fs'
import { defineBuildGlobals, readBuildEnv } from '#app/lib/site/build-env.ts'

defineBuildGlobals(readBuildEnv(process.env))
const { editorCollections, editorSchema, SLUG_FIELD } = await import('../keystatic.config.ts')
const { editorFiles, savedByEditor } = await import('#app/lib/content/editor/saved.ts')

const check = process.argv.includes('--check')
const differing: string[] = []
for (const name of Object.keys(editorCollections) as (keyof typeof editorCollections)[]) {
  const schema = editorSchema(name)
  for (const file of editorFiles(name)) {
    const text = readFileSync(file, 'utf8')
    const saved = savedByEditor(text, schema, SLUG_FIELD, editorCollections[name].format)
    if (saved === text) continue
    differing.push(file)
    if (!check) writeFileSync(file, saved)
  }
}
console.log(
  differing.length === 0
    ? 'content: every file is as the editor writes it'
    : `${check ? 'not as the editor writes them' : 'rewritten'}: ${differing.join(', ')}`,
)
if (check && differing.length > 0) process.exit(1)
