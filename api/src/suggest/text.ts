/** Text folding, tokens and a typo-tolerant token dictionary for the offline suggestions. */

/** Lower case, ё → е, quotes and punctuation (except the hyphen) → spaces. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9\s-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Tokens of a folded text; a hyphenated word gives itself and its parts ('ростов-на-дону', 'ростов', 'на', 'дону'). */
export function tokensOf(text: string): string[] {
  const out = new Set<string>();
  for (const word of fold(text).split(' ')) {
    const w = word.replace(/^-+|-+$/g, '');
    if (!w) continue;
    out.add(w);
    if (w.includes('-')) for (const part of w.split('-')) if (part) out.add(part);
  }
  return [...out];
}

/** The words a person typed, in order (hyphens kept inside words). */
export function queryWords(query: string): string[] {
  return fold(query)
    .split(' ')
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter(Boolean);
}

export const enum Quality {
  None = 0,
  Typo = 1,
  Prefix = 2,
  Exact = 3,
}

/** Minimum length of a typed word before one typo is forgiven. */
export const TYPO_MIN_LENGTH = 4;

/**
 * Whether some prefix of `t` is within one edit (substitution, insertion, deletion or a swap of two
 * neighbours) of `q`.
 */
export function typoPrefix(q: string, t: string): boolean {
  const n = q.length;
  // same length: one substitution or one adjacent swap
  if (t.length >= n) {
    let i = 0;
    while (i < n && q.charCodeAt(i) === t.charCodeAt(i)) i++;
    if (i >= n - 1) return true;
    // substitution at i
    let j = i + 1;
    while (j < n && q.charCodeAt(j) === t.charCodeAt(j)) j++;
    if (j === n) return true;
    // swap at i, i+1
    if (q.charCodeAt(i) === t.charCodeAt(i + 1) && q.charCodeAt(i + 1) === t.charCodeAt(i)) {
      j = i + 2;
      while (j < n && q.charCodeAt(j) === t.charCodeAt(j)) j++;
      if (j === n) return true;
    }
  }
  // q has one extra letter: q without q[k] equals t[0, n-1)
  if (t.length >= n - 1) {
    let i = 0;
    while (i < n - 1 && q.charCodeAt(i) === t.charCodeAt(i)) i++;
    let j = i + 1;
    while (j < n && q.charCodeAt(j) === t.charCodeAt(j - 1)) j++;
    if (j === n) return true;
  }
  // q misses one letter: q equals t[0, n+1) without one letter
  if (t.length >= n + 1) {
    let i = 0;
    while (i < n && q.charCodeAt(i) === t.charCodeAt(i)) i++;
    let j = i;
    while (j < n && q.charCodeAt(j) === t.charCodeAt(j + 1)) j++;
    if (j === n) return true;
  }
  return false;
}

/**
 * A dictionary of distinct tokens, each with the ids of the items it belongs to. `match(word)` gives
 * every item whose token equals the word (Exact), starts with it (Prefix) or is within one typo of it
 * (Typo, words of 4+ letters), with the best quality per item.
 */
export class TokenDictionary {
  private readonly postings = new Map<string, number[]>();
  private sorted: string[] | null = null;

  add(token: string, id: number): void {
    let list = this.postings.get(token);
    if (!list) this.postings.set(token, (list = []));
    if (list[list.length - 1] !== id) list.push(id);
    this.sorted = null;
  }

  get size(): number {
    return this.postings.size;
  }

  private prepare(): string[] {
    if (!this.sorted) {
      this.sorted = [...this.postings.keys()].sort();
    }
    return this.sorted;
  }

  /** Tokens starting with `prefix` (binary search over the sorted tokens). */
  private prefixRange(prefix: string): string[] {
    const all = this.prepare();
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < all.length && all[i].startsWith(prefix); i++) out.push(all[i]);
    return out;
  }

  /**
   * `typo`: 'fallback' (default) looks for one-typo matches only when nothing starts with the word;
   * true always adds them (ranked below); false never.
   */
  match(word: string, opts: { prefix?: boolean; typo?: boolean | 'fallback' } = {}): Map<number, Quality> {
    const { prefix = true, typo = 'fallback' } = opts;
    const out = new Map<number, Quality>();
    const put = (token: string, q: Quality) => {
      for (const id of this.postings.get(token) ?? []) if ((out.get(id) ?? 0) < q) out.set(id, q);
    };
    if (prefix) {
      for (const token of this.prefixRange(word)) put(token, token === word ? Quality.Exact : Quality.Prefix);
    } else if (this.postings.has(word)) {
      put(word, Quality.Exact);
    }
    const wantTypos = typo === true || (typo === 'fallback' && out.size === 0);
    if (wantTypos && word.length >= TYPO_MIN_LENGTH && !/\d/.test(word)) {
      for (const token of this.prepare()) {
        if (token.length < word.length - 1) continue;
        if (!prefix && Math.abs(token.length - word.length) > 1) continue;
        if (prefix ? typoPrefix(word, token) : within1(word, token)) put(token, typoQuality(word, token));
      }
    }
    return out;
  }

  /**
   * Items that match every word, each with the sum of its words' match qualities (an item missing one
   * word drops out): the ranking of the name searches (banks, passport issuers).
   */
  matchAll(words: readonly string[]): Map<number, number> {
    let scores: Map<number, number> | null = null;
    for (const w of words) {
      const next = new Map<number, number>();
      for (const [id, quality] of this.match(w)) {
        const prev = scores ? scores.get(id) : 0;
        if (prev === undefined) continue;
        next.set(id, prev + quality);
      }
      scores = next;
    }
    return scores ?? new Map();
  }
}

/**
 * A typo match ranks by how much of the typed word's start it keeps: 'тула' is nearer to 'тулы'
 * (a case ending) than to 'улан' (a first letter dropped). Always in [Typo, Typo + 0.5), below Prefix.
 */
export function typoQuality(word: string, token: string): Quality {
  let i = 0;
  while (i < word.length && word.charCodeAt(i) === token.charCodeAt(i)) i++;
  return (Quality.Typo + i / (2 * word.length)) as Quality;
}

/** The two whole words are within one edit (substitution, insertion, deletion, adjacent swap). */
export function within1(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length > b.length) [a, b] = [b, a];
  let i = 0;
  while (i < a.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.slice(i) === b.slice(i + 1);
}
