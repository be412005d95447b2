/** "Did you mean …?": the nearest candidate by edit distance, when it is near enough to be a typo. */

/**
 * Edit distance counting an insertion, a deletion, a substitution or a swap of two neighbours as one edit
 * (optimal string alignment), with a cut-off: returns `max + 1` as soon as the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate nearest to `word` — within 1 edit for short words, 2 for longer ones, or differing only in
 * case — or `undefined`.
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const max = word.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = max + 1;
  const lower = word.toLowerCase();
  for (const c of candidates) {
    if (c === word) continue;
    const d = c.toLowerCase() === lower ? 0.5 : editDistance(word, c, max);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
