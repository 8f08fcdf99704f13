/**
 * The deepest nesting of objects and arrays in a JSON text, counted without parsing it: a body
 * that nests thousands of levels would overflow the stack of anything that walks it recursively
 * (JSON.stringify included). MongoDB, where the service stores payloads, refuses documents nested
 * deeper than 100 levels.
 */
export const MAX_JSON_DEPTH = 100;

export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth--;
  }
  return deepest;
}
