import { SLICE_BUDGET_MS, yieldToMain } from './slices.ts';

/**
 * JSON.parse of a large top-level array, a few hundred elements at a time with the browser let in
 * between. 20,000 assignments are 8.7 MB of JSON: parsed at once, that is one task of 20 to 40 ms
 * of CPU plus the garbage collection of everything it made, several hundred milliseconds on a busy
 * machine. Anything that is not an array (or is small) is parsed at once, as JSON.parse would.
 */
export const SLICED_JSON_FROM_CHARS = 1_000_000;

/** Elements per JSON.parse call: about 200 kB of assignments. */
const ELEMENTS_PER_PARSE = 500;

/** How often the scan looks at the clock, in characters. */
const CLOCK_EVERY = 1 << 16;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

export async function parseJsonInSlices(text: string): Promise<unknown> {
  const first = firstNonSpace(text);
  if (text.length < SLICED_JSON_FROM_CHARS || text.charCodeAt(first) !== OPEN_BRACKET) return JSON.parse(text);

  const items: unknown[] = [];
  // The elements are found by a scan that only tracks strings and nesting; each run of them is
  // then handed to JSON.parse, which does the real parsing (and rejects what is not JSON).
  let depth = 0;
  let inString = false;
  let runStart = first + 1;
  let elements = 0;
  let end = -1;
  let sliceStart = performance.now();
  for (let i = first + 1; i < text.length; i += 1) {
    if ((i & (CLOCK_EVERY - 1)) === 0 && performance.now() - sliceStart > SLICE_BUDGET_MS) {
      await yieldToMain();
      sliceStart = performance.now();
    }
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) {
        end = i;
        break;
      }
      depth -= 1;
    } else if (c === COMMA && depth === 0) {
      elements += 1;
      if (elements % ELEMENTS_PER_PARSE === 0) {
        pushAll(items, JSON.parse(`[${text.slice(runStart, i)}]`) as unknown[]);
        runStart = i + 1;
      }
    }
  }
  // Not one array after all (cut short, or something after it): let JSON.parse say what is wrong.
  if (end < 0 || firstNonSpace(text, end + 1) < text.length) return JSON.parse(text);
  const lastRun = text.slice(runStart, end);
  if (lastRun.trim()) pushAll(items, JSON.parse(`[${lastRun}]`) as unknown[]);
  // A comma with nothing after it (`[..., ]`): JSON.parse would refuse it, and so does this.
  else if (elements > 0) return JSON.parse(text);
  return items;
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
const isJsonSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

function firstNonSpace(text: string, from = 0): number {
  let i = from;
  while (i < text.length && isJsonSpace(text.charCodeAt(i))) i += 1;
  return i;
}

function pushAll(into: unknown[], from: readonly unknown[]) {
  for (const item of from) into.push(item);
}
