import { canonicalJson } from "../shared/canonical-json";
import type { RuntimeDefinition } from "./definition";
import { sha256HexOfString } from "./sha256";

/**
 * The content hash of a runtime definition: SHA-256 (lowercase hex) of its
 * canonical JSON. The definition holds no canvas positions or viewport, so
 * moving nodes never changes it; equal definitions always hash equally.
 */
export function hashDefinition(definition: RuntimeDefinition): string {
  return sha256HexOfString(canonicalJson(definition));
}

/**
 * A definition as `compile` hands it out, with its hash: a deep copy that
 * shares nothing with the document, keys in canonical (sorted) order, and
 * made from the very text that was hashed, so serialising the result and
 * hashing it again always gives the same hash. Sorted keys cost nothing extra
 * here, and PostgreSQL's jsonb would not keep any other order anyway.
 */
export function finalizeDefinition(built: RuntimeDefinition): { definition: RuntimeDefinition; hash: string } {
  const text = canonicalJson(built);
  return { definition: JSON.parse(text) as RuntimeDefinition, hash: sha256HexOfString(text) };
}
