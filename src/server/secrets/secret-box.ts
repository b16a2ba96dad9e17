/**
 * Secrets at rest (provider API keys, tool header secrets): AES-256-GCM
 * under one 32-byte key from `AGS_SECRET_KEY`. `npm start` and `npm run
 * worker` resolve the key before anything else (see `resolveSecretKey`):
 * the variable when set, else a key generated once under the data folder
 * with owner-only permissions. Every process sharing a database must use
 * the same key.
 *
 * Each sealed value is bound to a context string (e.g. the workspace and
 * row it belongs to) as additional authenticated data, so a ciphertext
 * copied into another row or workspace does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The variable holding the key: 32 bytes as base64 (44 characters) or hex (64). */
export const SECRET_KEY_ENV = "AGS_SECRET_KEY";

/** File name of the generated key inside the data folder. */
export const SECRET_KEY_FILE = "secret.key";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key is missing or unusable; the message says which variable to set and how. */
export class SecretKeyError extends Error {
  override readonly name = "SecretKeyError";
}

/** A sealed value could not be opened (wrong key, wrong context, or altered). */
export class SecretDecryptError extends Error {
  override readonly name = "SecretDecryptError";
}

/** Encrypts and decrypts short secrets under one key. */
export interface SecretBox {
  /** `v1:<iv>:<tag>:<ciphertext>` (base64url parts), bound to `context`. */
  seal(plaintext: string, context: string): string;
  /** The plaintext of `sealed`; throws SecretDecryptError when it was not sealed with this key and context. */
  open(sealed: string, context: string): string;
}

/** Parses a key written as base64 or hex; throws SecretKeyError naming the problem. */
export function parseSecretKey(text: string, origin: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) {
    throw new SecretKeyError(
      `${origin} must be 32 random bytes as base64 or hex (e.g. the output of \`openssl rand -base64 32\`); it decodes to ${key.length} bytes.`,
    );
  }
  return key;
}

/** A SecretBox on `key` (32 bytes). */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretKeyError(`an AES-256-GCM key is 32 bytes, not ${key.length}`);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(":");
    },
    open(sealed, context) {
      const parts = sealed.split(":");
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptError("not a sealed secret");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(parts[1]!, "base64url"), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(Buffer.from(parts[2]!, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(parts[3]!, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretDecryptError(
          `a stored secret cannot be decrypted: it was sealed under another ${SECRET_KEY_ENV} (or altered). Restore the key it was saved with, or enter the secret again.`,
        );
      }
    },
  };
}

/**
 * The key every process of an install uses, as base64: `AGS_SECRET_KEY`
 * when set (validated), else `<dataDir>/secret.key`, generated on first use
 * with mode 0600 (the embedded default). Callers put the result into
 * `process.env.AGS_SECRET_KEY` so everything they start inherits it.
 */
export function resolveSecretKey(options: { env: Record<string, string | undefined>; dataDir: string }): {
  key: string;
  source: "env" | "file" | "generated";
  file?: string;
} {
  const fromEnv = options.env[SECRET_KEY_ENV];
  if (fromEnv && fromEnv.trim() !== "") {
    return { key: parseSecretKey(fromEnv, SECRET_KEY_ENV).toString("base64"), source: "env" };
  }
  const file = path.join(options.dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) {
    const key = parseSecretKey(readFileSync(file, "utf8"), file);
    chmodSync(file, 0o600);
    return { key: key.toString("base64"), source: "file", file };
  }
  // Not 0700: the embedded PostgreSQL keeps its cluster in <dataDir>/pg and, when we run as root, runs as
  // "postgres", which must enter this folder (init-cluster.ts). The key file itself is owner-only.
  if (!existsSync(options.dataDir)) {
    mkdirSync(options.dataDir, { recursive: true });
    chmodSync(options.dataDir, 0o755); // whatever the umask
  }
  const key = randomBytes(32).toString("base64");
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return { key, source: "generated", file };
}

let cached: { text: string; box: SecretBox } | undefined;

/** The process's SecretBox on `AGS_SECRET_KEY`; throws SecretKeyError when it is not set. */
export function getSecretBox(env: Record<string, string | undefined> = process.env): SecretBox {
  const text = env[SECRET_KEY_ENV];
  if (!text || text.trim() === "") {
    throw new SecretKeyError(
      `${SECRET_KEY_ENV} is not set: secrets cannot be stored or read. \`npm start\` and \`npm run worker\` set it from .data/${SECRET_KEY_FILE}; elsewhere set it to 32 random bytes as base64 (\`openssl rand -base64 32\`), the same on every machine.`,
    );
  }
  if (cached?.text !== text) cached = { text, box: createSecretBox(parseSecretKey(text, SECRET_KEY_ENV)) };
  return cached.box;
}

/** The last four characters of a secret, the only part the UI ever shows. */
export function lastFour(secret: string): string {
  return secret.length <= 4 ? secret : secret.slice(-4);
}
