/** Digests in hex, as the service writes them. */

/** Bytes in lowercase hex. */
export const hexOf = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** HMAC-SHA256 of `text` keyed with `key`, in hex: the service's `subscriberHash` of a subscriberId, keyed with the API key. */
export async function hmacHex(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const secret = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hexOf(await crypto.subtle.sign('HMAC', secret, encoder.encode(text)));
}
