/**
 * Small runtime validators for message payloads. Messages cross a trust boundary (a content
 * script runs inside a hostile page's renderer), so every payload is checked against its
 * declared shape before a handler sees it. Each validator returns the typed value or throws
 * an `InvalidPayload` naming the path that failed, e.g. `payload.clip.title: expected string`.
 */

export class InvalidPayload extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path}: expected ${expected}`);
    this.name = 'InvalidPayload';
  }
}

export type Validator<T> = (value: unknown, path: string) => T;

/** The static type a validator produces. */
export type Infer<V> = V extends Validator<infer T> ? T : never;

export const v = {
  string(opts: { max?: number; min?: number } = {}): Validator<string> {
    const max = opts.max ?? Number.MAX_SAFE_INTEGER;
    const min = opts.min ?? 0;
    return (value, path) => {
      if (typeof value !== 'string') throw new InvalidPayload(path, 'string');
      if (value.length > max) throw new InvalidPayload(path, `string of at most ${max} characters`);
      if (value.length < min) throw new InvalidPayload(path, `string of at least ${min} characters`);
      return value;
    };
  },

  /** An absolute URL with one of `schemes` (http and https unless told). */
  url(opts: { max?: number; schemes?: readonly string[] } = {}): Validator<string> {
    const schemes = opts.schemes ?? ['http:', 'https:'];
    const str = v.string({ max: opts.max ?? 8192 });
    return (value, path) => {
      const s = str(value, path);
      let parsed: URL;
      try {
        parsed = new URL(s);
      } catch {
        throw new InvalidPayload(path, 'absolute URL');
      }
      if (!schemes.includes(parsed.protocol)) throw new InvalidPayload(path, `URL with scheme ${schemes.join(' or ')}`);
      return s;
    };
  },

  integer(opts: { min?: number; max?: number } = {}): Validator<number> {
    const min = opts.min ?? Number.MIN_SAFE_INTEGER;
    const max = opts.max ?? Number.MAX_SAFE_INTEGER;
    return (value, path) => {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new InvalidPayload(path, 'integer');
      if (value < min || value > max) throw new InvalidPayload(path, `integer in [${min}, ${max}]`);
      return value;
    };
  },

  number(opts: { min?: number; max?: number } = {}): Validator<number> {
    const min = opts.min ?? -Infinity;
    const max = opts.max ?? Infinity;
    return (value, path) => {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidPayload(path, 'finite number');
      if (value < min || value > max) throw new InvalidPayload(path, `number in [${min}, ${max}]`);
      return value;
    };
  },

  boolean(): Validator<boolean> {
    return (value, path) => {
      if (typeof value !== 'boolean') throw new InvalidPayload(path, 'boolean');
      return value;
    };
  },

  literal<const T extends readonly (string | number | boolean | null)[]>(...options: T): Validator<T[number]> {
    return (value, path) => {
      if (!options.includes(value as T[number])) throw new InvalidPayload(path, `one of ${options.map((o) => JSON.stringify(o)).join(', ')}`);
      return value as T[number];
    };
  },

  nullable<T>(inner: Validator<T>): Validator<T | null> {
    return (value, path) => (value === null ? null : inner(value, path));
  },

  optional<T>(inner: Validator<T>): Validator<T | undefined> {
    return (value, path) => (value === undefined ? undefined : inner(value, path));
  },

  array<T>(item: Validator<T>, opts: { max?: number } = {}): Validator<T[]> {
    const max = opts.max ?? 10_000;
    return (value, path) => {
      if (!Array.isArray(value)) throw new InvalidPayload(path, 'array');
      if (value.length > max) throw new InvalidPayload(path, `array of at most ${max} items`);
      return value.map((item_, i) => item(item_, `${path}[${i}]`));
    };
  },

  /**
   * A plain object with exactly these keys (unknown keys are rejected: a payload that
   * carries more than its type says is malformed, not extensible).
   */
  object<S extends Record<string, Validator<unknown>>>(shape: S): Validator<{ [K in keyof S]: Infer<S[K]> }> {
    return (value, path) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidPayload(path, 'object');
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!(key in shape)) throw new InvalidPayload(`${path}.${key}`, 'no such field');
      }
      const out: Record<string, unknown> = {};
      for (const [key, check] of Object.entries(shape)) {
        const checked = check(record[key], `${path}.${key}`);
        if (checked !== undefined) out[key] = checked;
      }
      return out as { [K in keyof S]: Infer<S[K]> };
    };
  },

  /** `null` as a payload, for messages that carry nothing. */
  none(): Validator<null> {
    return (value, path) => {
      if (value !== null && value !== undefined) throw new InvalidPayload(path, 'no payload');
      return null;
    };
  },
};
