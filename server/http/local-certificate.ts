import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A throwaway self-signed certificate for `localhost` and 127.0.0.1, made with
 * Debian's openssl in a new temporary folder: for the tests and the benchmark
 * to serve over HTTPS (TLS_CERT_FILE, TLS_KEY_FILE), never for a real site.
 * `remove()` deletes the folder.
 */
export function makeLocalCertificate(): { certFile: string; keyFile: string; cert: Buffer; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'local-tls-'))
  const certFile = path.join(dir, 'cert.pem')
  const keyFile = path.join(dir, 'key.pem')
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { encoding: 'utf8' },
  )
  if (result.error || result.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(
      `openssl could not make a local certificate (apt-get install openssl): ${result.error?.message ?? result.stderr}`,
    )
  }
  return {
    certFile,
    keyFile,
    cert: readFileSync(certFile),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
