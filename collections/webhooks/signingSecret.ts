import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

// The signing secret of a webhook. Signing (HMAC-SHA256) needs the plain key, so it cannot be hashed
// like a password: it is stored encrypted (AES-256-GCM) with a key derived from the server's
// PAYLOAD_SECRET, so a copy of the database alone (a backup) does not give the secrets away.

const PREFIX = 'aes256gcm'

/** `whsec_` + base64 of 24 random bytes, the Standard Webhooks form the `standardwebhooks` package reads. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

function keyOf(serverSecret: string): Buffer {
  return createHash('sha256').update(`webhook-signing-secret\u0000${serverSecret}`).digest()
}

/** The stored form: "aes256gcm$<iv>$<tag>$<ciphertext>", base64 parts. */
export function encryptSigningSecret(plain: string, serverSecret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [PREFIX, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('$')
}

/** The plain secret, or null when it cannot be read (another PAYLOAD_SECRET encrypted it, or it is damaged). */
export function decryptSigningSecret(stored: string | null | undefined, serverSecret: string): string | null {
  const [prefix, iv, tag, data] = (stored ?? '').split('$')
  if (prefix !== PREFIX || !iv || !tag || !data) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64'))
    decipher.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
