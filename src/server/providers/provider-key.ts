/**
 * Sealing a provider's API key: bound to its workspace and row, so a sealed
 * key copied into another row or workspace does not open.
 */
import { getSecretBox, lastFour } from "@/server/secrets/secret-box";

/** The secret box context of provider `providerId`'s key. */
export function providerKeyContext(workspaceId: string, providerId: string): string {
  return `model_provider:${workspaceId}:${providerId}`;
}

/** The stored form of `apiKey`: sealed value and last four characters. */
export function sealProviderKey(
  workspaceId: string,
  providerId: string,
  apiKey: string,
): { keySealed: string; keyLast4: string } {
  return {
    keySealed: getSecretBox().seal(apiKey, providerKeyContext(workspaceId, providerId)),
    keyLast4: lastFour(apiKey),
  };
}

/** The plain key of a provider row; throws SecretDecryptError when it was sealed elsewhere. */
export function openProviderKey(workspaceId: string, providerId: string, keySealed: string): string {
  return getSecretBox().open(keySealed, providerKeyContext(workspaceId, providerId));
}
