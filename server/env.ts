import { z } from 'zod'

const serverEnvSchema = z.object({
  /** Port to listen on. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface to bind; all of them by default. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder of the built site (react-router build + scripts/postbuild.ts). */
  CLIENT_DIR: z.string().min(1).default('build/client'),
  /**
   * How many reverse proxies of our own stand in front of the server. 0: the
   * client is the socket's peer and X-Forwarded-For is ignored. N: the client
   * is the N-th X-Forwarded-For entry from the right (server/client-address.ts).
   * More than 10 would be a mistake, not a network.
   */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
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
