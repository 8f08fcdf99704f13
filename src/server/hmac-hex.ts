/** HMAC-SHA256 of `text` keyed with `key`, in hex: the service's `subscriberHash` of a subscriberId, keyed with the API key. */
export async function hmacHex(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const secret = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', secret, encoder.encode(text));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
