import { readFrontmatterOfEach } from './content-files.ts'

/**
 * The case studies of content/case-studies/, as the registry lists them
 * (./registry.ts): a case study is a page because its file is there, so the
 * agency adds one in the editor without code (docs/editing.md), listed in
 * its `order`.
 *
 * Read in Node; the browser's registry gets the same list from the build
 * (`__CASE_STUDY_FILES__`, ./case-study-files.browser.ts), as a card's link
 * to a case study is checked there too (the content editor).
 */
export interface CaseStudyFile {
  /** The file's name, the case study's address under /case-studies/. */
  slug: string
  /** Its short name, for breadcrumbs, the sitemap and the results panel (`name`). */
  name: string
  /** Where it is listed (`order`). */
  order: number
}

/** The case studies of `folder`, in their order. */
export function readCaseStudyFiles(folder: string): CaseStudyFile[] {
  return readFrontmatterOfEach(folder)
    .map(({ slug, data }) => ({
      slug,
      name: typeof data.name === 'string' ? data.name : slug,
      order: typeof data.order === 'number' ? data.order : Number.MAX_SAFE_INTEGER,
    }))
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
}

export const caseStudyFiles: readonly CaseStudyFile[] = readCaseStudyFiles('content/case-studies')
