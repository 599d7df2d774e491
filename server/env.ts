import { z } from 'zod'

const serverEnvSchema = z.object({
  /** Port to listen on. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface to bind; all of them by default. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder of the built site (react-router build + scripts/postbuild.ts). */
  CLIENT_DIR: z.string().min(1).default('build/client'),
})

export type ServerEnv = z.infer<typeof serverEnvSchema>

/** Reads the server's settings, stopping at boot with a clear message when one is wrong. */
export function readServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const result = serverEnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  )
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid server environment: ${problems.join('; ')}`)
  }
  return result.data
}
