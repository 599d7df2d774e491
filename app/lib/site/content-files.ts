import { readdirSync, readFileSync } from 'node:fs'
import yaml from 'js-yaml'

/**
 * The frontmatter of each Markdown file of `folder`, by its file name (its
 * page's slug): what the registry (./registry.ts) needs of the pages that are
 * pages because their file is there, articles (./article-files.ts) and case
 * studies (./case-study-files.ts). Only those fields are read here; the
 * schema checks every field when the collections load, and names the file
 * and the field of a problem (app/lib/content/loader.ts).
 */
export function readFrontmatterOfEach(folder: string): { slug: string; data: Record<string, unknown> }[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const source = readFileSync(`${folder}/${name}`, 'utf8')
      const data = (yaml.load(frontmatter.exec(source)?.[1] ?? '', { schema: yaml.JSON_SCHEMA }) ?? {}) as Record<
        string,
        unknown
      >
      return { slug: name.slice(0, -'.md'.length), data }
    })
}

const frontmatter = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---/
