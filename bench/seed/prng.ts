/**
 * Seeded randomness for the reference data set: the same seed gives the same numbers on every
 * machine and Node version (no Math.random, no crypto). Each table draws from its own stream, named
 * after it, so changing how one table is generated never shifts the data of another.
 */

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state, passes PractRand. */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream: string) {
    // splitmix32 over the seed and the stream name's FNV-1a hash fills the state.
    let h = 0x811c9dc5;
    for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193);
    let x = (seed ^ h) >>> 0;
    const next = () => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Standard normal (Box–Muller). */
  gaussian(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A log-normal weight: most near 1, a few far larger (popular accounts, viral posts). */
  lognormal(sigma: number): number {
    return Math.exp(sigma * this.gaussian());
  }

  /** A random (version 4 layout) UUID, from this stream. */
  uuid(): string {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    const a = hex(this.uint32());
    const b = hex(((this.uint32() & 0xffff0fff) | 0x00004000) >>> 0);
    const c = hex(((this.uint32() & 0x3fffffff) | 0x80000000) >>> 0);
    const d = hex(this.uint32());
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
  }

  /** Letters and digits, like better-auth's generated ids. */
  alnum(length: number): string {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let out = '';
    for (let i = 0; i < length; i++) out += chars[this.int(chars.length)];
    return out;
  }
}

/** Draws indexes in proportion to fixed weights: O(log n) per draw over a cumulative table. */
export class WeightedSampler {
  private readonly cumulative: Float64Array;
  readonly total: number;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i]!;
      this.cumulative[i] = sum;
    }
    this.total = sum;
  }

  sample(rng: Prng): number {
    const target = rng.float() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
