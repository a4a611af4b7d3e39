// Whether this server process is stopping: it still answers what it is sent, but tells the load
// balancer (GET /api/health/ready) to send it nothing new. Kept on globalThis under a registered
// symbol: npm start's server (lib/server/serve-gateway, loaded from source) sets it and the route
// reads it from Next.js's build, each with its own copy of this module.
const DRAINING = Symbol.for("cashier.draining");
const state = globalThis as { [DRAINING]?: boolean };

export function startDraining(): void {
  state[DRAINING] = true;
}

export function isDraining(): boolean {
  return state[DRAINING] === true;
}
