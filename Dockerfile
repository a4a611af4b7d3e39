# The gateway's image: npm run build's standalone folder (the server, the packages it loads, the
# start script and the CLI compiled to JavaScript) on plain node, as a user without privileges.
# compose.yaml runs it as api instances, a worker instance and the one-shot migration step.
# Docker cannot run where the project is built and tested; e2e/standalone.spec.ts starts this
# layout without Docker, with the CMD and ENV below (docs/operating.md, "Deploying with containers").

# Node 22 LTS, Debian bookworm: the same glibc in both stages, so better-sqlite3's native module
# built or downloaded in the first loads in the second.
FROM node:22.22-bookworm-slim AS build
WORKDIR /src
# Only where better-sqlite3 has no prebuilt binary for the platform does npm compile it.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# postinstall generates the Prisma clients from the one model definition.
COPY prisma ./prisma
COPY prisma.config.ts ./
COPY scripts/generate-prisma.ts ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22.22-bookworm-slim AS runtime
ENV NODE_ENV=production \
  NEXT_TELEMETRY_DISABLED=1 \
  CASHIER_ENV=production \
  PORT=3000
WORKDIR /app
# The standalone folder alone: no repository node_modules, no TypeScript source.
COPY --from=build --chown=node:node /src/.next/standalone ./
# CASHIER_DATA_DIR's default, for a single instance on SQLite: mount a volume here. Not a VOLUME:
# compose.yaml's instances run on PostgreSQL, and each would get an anonymous volume it never uses.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# What the primary drains on (its workers answer not ready, finish what they serve, exit 0): give it
# SHUTDOWN_READY_DELAY_MS plus 30 s before the kill (compose.yaml's stop_grace_period).
STOPSIGNAL SIGTERM
# Readiness, not liveness: a draining or cut-off instance is reported unhealthy (docs/operating.md).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "bin/start.mjs"]
