import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. It does not resolve conflicts: two classes that set the
 * same property (`px-4` and `px-6`) on one element are a mistake, which an
 * end-to-end test finds on every page (tests/e2e/class-conflicts.spec.ts).
 * Resolving them here took tailwind-merge, 8 KB of every page's first load.
 */
export const cn = (...inputs: ClassValue[]): string => clsx(inputs)
