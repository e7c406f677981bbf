// A maximum-weight matching of a general graph: Edmonds's blossom algorithm with dual variables,
// O(n³), after Joris van Rantwijk's mwmatching.py (public domain; the same code NetworkX's
// max_weight_matching follows), kept step for step so it can be read beside it.
// Written here because the registry's ports of it are single releases of one CommonJS file with
// no upkeep (edmonds-blossom leaks implicit globals; edmonds-blossom-fixed is a copy that only
// declares them), and the pairing needs a start from a greedy matching (greedyStart) to be fast.
// Integer weights keep every computation in integers (the slack of an edge between two outer
// vertices is even); weights are refused beyond ±2^49, where duals and slacks would round.
// Checked against a brute-force search on small random graphs (blossom.test.ts).

const WEIGHT_LIMIT = 2 ** 49;

/** An edge: two vertices (0 … n−1, distinct) and its weight. */
export type WeightedEdge = readonly [number, number, number];

export interface MatchingOptions {
  /** The most edges first, then the most weight among those. */
  maxCardinality?: boolean;
  /**
   * For a perfect matching (with maxCardinality): start from a greedy one on tight edges, with
   * each vertex's dual its heaviest edge, so that the stages only mend what the greedy left (a
   * large sparse graph pairs many times faster). The answer is still of the most edges, and of
   * the most weight when it is perfect; a matching left imperfect may not be the heaviest of its size.
   */
  greedyStart?: boolean;
}

/**
 * The mate of each vertex (−1: unmatched) in a matching of maximum weight; with
 * `maxCardinality`, of maximum weight among those with the most edges.
 */
export function maxWeightMatching(vertices: number, input: readonly WeightedEdge[], options: MatchingOptions = {}): number[] {
  const maxCardinality = options.maxCardinality ?? false;
  const greedyStart = maxCardinality && (options.greedyStart ?? false);
  // The greedy start gives vertices duals of either parity; doubled weights keep them all even, as
  // the stages need (the slack of an edge between two outer vertices must stay even).
  const edges = greedyStart ? input.map(([i, j, w]): WeightedEdge => [i, j, 2 * w]) : input;
  const n = vertices;
  const nedge = edges.length;
  if (nedge === 0) return new Array<number>(n).fill(-1);
  let maxWeight = 0;
  for (const [, , w] of edges) {
    // Duals and slacks reach a few times the largest weight: beyond this they would round.
    if (!Number.isSafeInteger(w) || Math.abs(w) > WEIGHT_LIMIT) throw new RangeError(`an edge weight must be an integer within ±2^49, not ${w}`);
    if (w > maxWeight) maxWeight = w;
  }

  // endpoint[p]: the vertex at end p of edge p >> 1; neighbend[v]: the ends p whose far vertex is v's neighbour.
  const endpoint = new Int32Array(2 * nedge);
  const neighbend: number[][] = Array.from({ length: n }, () => []);
  edges.forEach(([i, j], k) => {
    endpoint[2 * k] = i;
    endpoint[2 * k + 1] = j;
    neighbend[i].push(2 * k + 1);
    neighbend[j].push(2 * k);
  });

  const mate = new Array<number>(n).fill(-1); // the remote end p of the matched edge, −1
  const label = new Int8Array(2 * n); // 0 free, 1 S (outer), 2 T (inner); 5 marks a scan
  const labelend = new Int32Array(2 * n).fill(-1);
  const inblossom = Array.from({ length: n }, (_, v) => v);
  const blossomparent = new Int32Array(2 * n).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossombase = Array.from({ length: 2 * n }, (_, b) => (b < n ? b : -1));
  const blossomendps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestedge = new Int32Array(2 * n).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedblossoms = Array.from({ length: n }, (_, i) => n + i);
  const dualvar = Array.from({ length: 2 * n }, (_, i) => (i < n ? maxWeight : 0));
  const allowedge = new Uint8Array(nedge);
  let queue: number[] = [];

  const slack = (k: number) => dualvar[edges[k][0]] + dualvar[edges[k][1]] - 2 * edges[k][2];
  if (greedyStart) greedy();
  /** A feasible start: duals lowered as far as each vertex's edges allow, matched along the edges this makes tight. */
  function greedy() {
    for (let v = 0; v < n; v++) dualvar[v] = Number.NEGATIVE_INFINITY;
    for (const [i, j, w] of edges) {
      if (w > dualvar[i]) dualvar[i] = w;
      if (w > dualvar[j]) dualvar[j] = w;
    }
    for (let v = 0; v < n; v++) if (dualvar[v] === Number.NEGATIVE_INFINITY) dualvar[v] = maxWeight;
    const take = (v: number) => {
      // The least dual that keeps v's edges feasible, and a free neighbour it makes tight.
      let least = Number.NEGATIVE_INFINITY;
      for (const p of neighbend[v]) least = Math.max(least, 2 * edges[p >> 1][2] - dualvar[endpoint[p]]);
      if (least === Number.NEGATIVE_INFINITY) return;
      dualvar[v] = least;
      for (const p of neighbend[v])
        if (mate[endpoint[p]] === -1 && slack(p >> 1) === 0) {
          mate[v] = p;
          mate[endpoint[p]] = p ^ 1;
          return;
        }
    };
    for (let v = 0; v < n; v++) if (mate[v] === -1) take(v);
  }
  const childs = (b: number) => blossomchilds[b] ?? [];
  const endps = (b: number) => blossomendps[b] ?? [];
  // Python's negative indices, which the algorithm walks around a blossom's cycle with.
  const at = (xs: number[], j: number) => xs[j < 0 ? j + xs.length : j];

  const blossomLeaves = (b: number): number[] => {
    if (b < n) return [b];
    const out: number[] = [];
    const stack = [b];
    while (stack.length > 0) {
      const t = stack.pop() as number;
      if (t < n) out.push(t);
      else for (const c of childs(t)) stack.push(c);
    }
    return out;
  };

  const assignLabel = (w0: number, t0: number, p0: number) => {
    let w = w0;
    let t = t0;
    let p = p0;
    for (;;) {
      const b = inblossom[w];
      label[w] = label[b] = t;
      labelend[w] = labelend[b] = p;
      bestedge[w] = bestedge[b] = -1;
      if (t === 1) {
        for (const v of blossomLeaves(b)) queue.push(v);
        return;
      }
      // A T-blossom: its base's mate becomes an S-vertex.
      const base = blossombase[b];
      w = endpoint[mate[base]];
      t = 1;
      p = mate[base] ^ 1;
    }
  };

  /** The base of the blossom that edge v–w closes, or −1 when it ends in an augmenting path. */
  const scanBlossom = (v0: number, w0: number): number => {
    let v = v0;
    let w = w0;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v];
      if (label[b] & 4) {
        base = blossombase[b];
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) v = -1;
      else {
        v = endpoint[labelend[b]];
        b = inblossom[v];
        v = endpoint[labelend[b]];
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number) => {
    let [v, w] = edges[k];
    const bb = inblossom[base];
    let bv = inblossom[v];
    let bw = inblossom[w];
    const b = unusedblossoms.pop() as number;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      ends.push(labelend[bv]);
      v = endpoint[labelend[bv]];
      bv = inblossom[v];
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      ends.push(labelend[bw] ^ 1);
      w = endpoint[labelend[bw]];
      bw = inblossom[w];
    }
    blossomchilds[b] = path;
    blossomendps[b] = ends;
    label[b] = 1;
    labelend[b] = labelend[bb];
    dualvar[b] = 0;
    for (const leaf of blossomLeaves(b)) {
      if (label[inblossom[leaf]] === 2) queue.push(leaf);
      inblossom[leaf] = b;
    }
    // The least-slack edge from the new blossom to each neighbouring S-blossom.
    const bestedgeto = new Map<number, number>();
    for (const sub of path) {
      const lists = blossombestedges[sub] ? [blossombestedges[sub] as number[]] : blossomLeaves(sub).map((leaf) => neighbend[leaf].map((p) => p >> 1));
      for (const list of lists)
        for (const e of list) {
          let [i, j] = edges[e];
          if (inblossom[j] === b) [i, j] = [j, i];
          const bj = inblossom[j];
          const best = bestedgeto.get(bj);
          if (bj !== b && label[bj] === 1 && (best === undefined || slack(e) < slack(best))) bestedgeto.set(bj, e);
        }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const list = [...bestedgeto.values()];
    blossombestedges[b] = list;
    bestedge[b] = -1;
    for (const e of list) if (bestedge[b] === -1 || slack(e) < slack(bestedge[b])) bestedge[b] = e;
  };

  const expandBlossom = (b: number, endstage: boolean) => {
    for (const s of childs(b)) {
      blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const leaf of blossomLeaves(s)) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      // Relabel the sub-blossoms on the even path from the entry child to the base.
      const cs = childs(b);
      const es = endps(b);
      const entrychild = inblossom[endpoint[labelend[b] ^ 1]];
      let j = cs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= cs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b];
      while (j !== 0) {
        label[endpoint[p ^ 1]] = 0;
        label[endpoint[at(es, j - endptrick) ^ endptrick ^ 1]] = 0;
        assignLabel(endpoint[p ^ 1], 2, p);
        allowedge[at(es, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(es, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      let bv = at(cs, j);
      label[endpoint[p ^ 1]] = label[bv] = 2;
      labelend[endpoint[p ^ 1]] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(cs, j) !== entrychild) {
        bv = at(cs, j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        const reached = blossomLeaves(bv).find((leaf) => label[leaf] !== 0);
        if (reached !== undefined) {
          label[reached] = 0;
          label[endpoint[mate[blossombase[bv]]]] = 0;
          assignLabel(reached, 2, labelend[reached]);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  /** Swaps matched and unmatched edges on the even path from vertex v to blossom b's base. */
  const augmentBlossom = (b: number, v: number) => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t];
    if (t >= n) augmentBlossom(t, v);
    const cs = childs(b);
    const es = endps(b);
    const i = cs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= cs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(cs, j);
      const p = at(es, j - endptrick) ^ endptrick;
      if (t >= n) augmentBlossom(t, endpoint[p]);
      j += jstep;
      t = at(cs, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]);
      mate[endpoint[p]] = p ^ 1;
      mate[endpoint[p ^ 1]] = p;
    }
    blossomchilds[b] = [...cs.slice(i), ...cs.slice(0, i)];
    blossomendps[b] = [...es.slice(i), ...es.slice(0, i)];
    blossombase[b] = blossombase[childs(b)[0]];
  };

  const augmentMatching = (k: number) => {
    const [v, w] = edges[k];
    for (let [s, p] of [
      [v, 2 * k + 1],
      [w, 2 * k],
    ]) {
      for (;;) {
        const bs = inblossom[s];
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]];
        const bt = inblossom[t];
        s = endpoint[labelend[bt]];
        const j = endpoint[labelend[bt] ^ 1];
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelend[bt];
        p = labelend[bt] ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue = [];
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inblossom[v]] === 0) assignLabel(v, 1, -1);

    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop() as number;
        for (const p of neighbend[v]) {
          const k = p >> 1;
          const w = endpoint[p];
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]] === 0) assignLabel(w, 2, p ^ 1);
            else if (label[inblossom[w]] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]] === 1) {
            const b = inblossom[v];
            if (bestedge[b] === -1 || kslack < slack(bestedge[b])) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w])) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;

      // No augmenting path with the edges of zero slack: change the duals by the least delta.
      let deltatype = -1;
      let delta = 0;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = Math.min(...dualvar.slice(0, n));
      }
      for (let v = 0; v < n; v++)
        if (label[inblossom[v]] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v];
          }
        }
      for (let b = 0; b < 2 * n; b++)
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = Math.floor(slack(bestedge[b]) / 2);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b];
          }
        }
      for (let b = n; b < 2 * n; b++)
        if (blossombase[b] >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b] < delta)) {
          delta = dualvar[b];
          deltatype = 4;
          deltablossom = b;
        }
      if (deltatype === -1) {
        // Maximum cardinality reached: one last dual change makes the solution optimal.
        deltatype = 1;
        delta = Math.max(0, Math.min(...dualvar.slice(0, n)));
      }
      for (let v = 0; v < n; v++) {
        const l = label[inblossom[v]];
        if (l === 1) dualvar[v] -= delta;
        else if (l === 2) dualvar[v] += delta;
      }
      for (let b = n; b < 2 * n; b++)
        if (blossombase[b] >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] += delta;
          else if (label[b] === 2) dualvar[b] -= delta;
        }
      if (deltatype === 1) break;
      if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let [i, j] = edges[deltaedge];
        if (label[inblossom[i]] === 0) [i, j] = [j, i];
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(edges[deltaedge][0]);
      } else expandBlossom(deltablossom, false);
    }
    if (!augmented) break;
    // End of a stage: expand the S-blossoms whose dual fell to zero.
    for (let b = n; b < 2 * n; b++)
      if (blossomparent[b] === -1 && blossombase[b] >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
  }
  return mate.map((p) => (p >= 0 ? endpoint[p] : -1));
}
