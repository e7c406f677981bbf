// The one seeded random source of the bots and the tests: splitmix32, well spread even from
// neighbouring seeds (game i of a run is seeded i). Never the deal's: that is the engine's
// SHA-256 stream from the server seed.

/** A uniform random integer in 0..n-1. */
export type Pick = (n: number) => number;

export function rng(seed: number): Pick {
  let x = seed >>> 0;
  return (n: number) => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return z % n;
  };
}
