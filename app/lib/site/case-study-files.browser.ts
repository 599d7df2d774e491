import type { CaseStudyFile } from './case-study-files.ts'

// The registry in the browser (package.json `imports`, condition "browser"):
// the case studies as the build read them from their files
// (./case-study-files.ts, app/lib/site/build-env.ts).
export const caseStudyFiles: readonly CaseStudyFile[] = __CASE_STUDY_FILES__
