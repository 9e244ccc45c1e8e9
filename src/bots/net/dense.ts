/**
 * @internal The arithmetic of the shipped networks: dense layers over `Float32Array`s, decoded
 * from base64 text (pure arithmetic, no `atob`, `Buffer` or other host API, so it runs the same
 * in Node, Bun, Deno and browsers).
 * @module
 */

/** @internal One dense layer: `out = W · in + b`, `W` row-major (`rows` outputs × `cols` inputs). */
export interface Dense {
  readonly rows: number;
  readonly cols: number;
  readonly w: Float32Array;
  readonly b: Float32Array;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** @internal The bytes of standard base64 text (padding optional; anything else throws). */
export function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let at = 0;
  for (let i = 0; i < clean.length; i++) {
    const code = clean.charCodeAt(i);
    const d = code < 128 ? (DIGIT[code] as number) : -1;
    if (d < 0) throw new Error(`fromBase64: bad character at ${i}`);
    acc = (acc << 6) | d;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 255;
    }
  }
  return out;
}

/** @internal Little-endian float32 values from base64 text. */
export function floatsFromBase64(text: string): Float32Array {
  const bytes = fromBase64(text);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength >> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** @internal Cuts consecutive layers of the given shapes (`[rows, cols]`) out of one flat array: each `W` then `b`. */
export function layersOf(flat: Float32Array, shapes: readonly (readonly [number, number])[]): Dense[] {
  const layers: Dense[] = [];
  let at = 0;
  for (const [rows, cols] of shapes) {
    const w = flat.subarray(at, at + rows * cols);
    at += rows * cols;
    const b = flat.subarray(at, at + rows);
    at += rows;
    layers.push({ rows, cols, w, b });
  }
  if (at !== flat.length) throw new Error(`layersOf: ${flat.length} weights for shapes needing ${at}`);
  return layers;
}

/**
 * @internal `out[r] = b[r] + add[r] + Σ W[r][c] · x[from + c]`, then `max(0, ·)` when `relu`.
 * `add` (optional, `rows` long) is a part of the sum computed elsewhere (a shared input).
 */
export function dense(layer: Dense, x: Float32Array, from: number, out: Float32Array, relu: boolean, add?: Float32Array): Float32Array {
  const { rows, cols, w, b } = layer;
  const tail = cols & 3;
  for (let r = 0; r < rows; r++) {
    // Four running sums: one long chain of additions would wait on each add's latency.
    let s0 = (b[r] as number) + (add === undefined ? 0 : (add[r] as number));
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let i = r * cols;
    let j = from;
    const end = i + cols - tail;
    while (i < end) {
      s0 += (w[i] as number) * (x[j] as number);
      s1 += (w[i + 1] as number) * (x[j + 1] as number);
      s2 += (w[i + 2] as number) * (x[j + 2] as number);
      s3 += (w[i + 3] as number) * (x[j + 3] as number);
      i += 4;
      j += 4;
    }
    for (let t = 0; t < tail; t++) s0 += (w[i + t] as number) * (x[j + t] as number);
    const sum = s0 + s1 + (s2 + s3);
    out[r] = relu && sum < 0 ? 0 : sum;
  }
  return out;
}

/** @internal Replaces `x[0 … n − 1]` by their softmax. */
export function softmaxInPlace<T extends { [i: number]: number }>(x: T, n: number): T {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) if ((x[i] as number) > max) max = x[i] as number;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = Math.exp((x[i] as number) - max);
    x[i] = e;
    sum += e;
  }
  for (let i = 0; i < n; i++) x[i] = (x[i] as number) / sum;
  return x;
}
