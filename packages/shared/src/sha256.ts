/**
 * SHA-256 of a short text, synchronously, for the proof-of-work solver in the browser's worker:
 * WebCrypto's digest costs a promise per hash, which made a 50,000-number challenge take seconds
 * in Chromium where this takes a fraction of one. Not for secrets (no constant time); the server
 * checks answers with node:crypto.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const w = new Uint32Array(64);
const state = new Int32Array(8);
const initial = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** Runs one 64-byte block, already in w[0..15], into `state`. */
function compress() {
  for (let i = 16; i < 64; i += 1) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    w[i] =
      (w[i - 16]! +
        (rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3)) +
        w[i - 7]! +
        (rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10))) |
      0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i += 1) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0]! += a;
  state[1]! += b;
  state[2]! += c;
  state[3]! += d;
  state[4]! += e;
  state[5]! += f;
  state[6]! += g;
  state[7]! += h;
}

/** Hex SHA-256 of `text`'s UTF-8 bytes. */
export function sha256Hex(text: string): string {
  // ASCII, the solver's case, is read straight from the string; anything else is encoded first.
  let ascii = true;
  for (let i = 0; i < text.length && ascii; i += 1) ascii = text.charCodeAt(i) < 0x80;
  const bytes = ascii ? null : new TextEncoder().encode(text);
  const length = bytes ? bytes.length : text.length;
  const byteAt = bytes ? (i: number) => bytes[i]! : (i: number) => text.charCodeAt(i);
  const blocks = Math.ceil((length + 9) / 64);
  state.set(initial);
  for (let block = 0; block < blocks; block += 1) {
    for (let word = 0; word < 16; word += 1) {
      let value = 0;
      for (let k = 0; k < 4; k += 1) {
        const i = block * 64 + word * 4 + k;
        const byte = i < length ? byteAt(i) : i === length ? 0x80 : 0;
        value = (value << 8) | byte;
      }
      w[word] = value;
    }
    if (block === blocks - 1) {
      // The message's length in bits, in the last block's last two words.
      w[14] = Math.floor((length * 8) / 2 ** 32);
      w[15] = (length * 8) >>> 0;
    }
    compress();
  }
  let hex = '';
  for (let i = 0; i < 8; i += 1) hex += (state[i]! >>> 0).toString(16).padStart(8, '0');
  return hex;
}
