/** Who a verified token speaks for: one of our guest players, or a subject of a trusted external provider. */
export type Principal =
  | { kind: 'guest'; playerId: string }
  | { kind: 'external'; issuer: string; subject: string };
