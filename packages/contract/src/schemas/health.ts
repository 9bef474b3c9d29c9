import { type Static, Type } from 'typebox';

/** `GET /api/health/`: the process is up and serving. */
export const HealthLive = Type.Object({ status: Type.Literal('ok') });
export type HealthLive = Static<typeof HealthLive>;

/** `GET /api/health/ready/`: the process can serve, its database included. */
export const HealthReady = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
});
export type HealthReady = Static<typeof HealthReady>;
