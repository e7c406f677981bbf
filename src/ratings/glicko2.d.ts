// The types of the npm package glicko2 (mmai/glicko2js, plain JavaScript): the part used here.
declare module 'glicko2' {
  export interface Glicko2Settings {
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
    volatility_algorithm?: 'newprocedure' | 'newprocedure_mod' | 'oldprocedure' | 'oldprocedure_simple';
  }
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    updateRatings(matches: Array<[Glicko2Player, Glicko2Player, number]>): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
