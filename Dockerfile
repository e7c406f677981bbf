# Offiziersskat game service. Build: docker build -t offiziersskat .
# Run on a Postgres server:
#   docker run --restart unless-stopped -p 3000:3000 -e DATABASE_URL=postgres://user:pw@host/db offiziersskat
# Without DATABASE_URL it keeps an embedded PGlite database in /app/.data (mount a volume there).
#
# PID 1 is the service's primary (src/app/primary.ts): it forks the worker that serves and forks a new
# one when it dies. The primary itself is supervised by the container runtime: run it with a
# restart policy (--restart unless-stopped, compose `restart: unless-stopped`, Kubernetes'
# default). `docker stop` sends SIGTERM: the service finishes its requests and exits 0 within
# SHUTDOWN_TIMEOUT_MS (8 s), inside docker's 10 s before SIGKILL (give --stop-timeout more if you
# raise it). Point the load balancer's readiness check at /readyz.

# `npm run build`: the server's bundle (esbuild; dependencies stay external), as `npm start` runs
# it, and the web client's static files (vite → dist/web), served by the service at /.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY tools/codegen/package.json ./tools/codegen/
# The client package (a workspace): npm ci's postinstall builds it (packages/client/dist); the
# server's house bots (HOUSE_BOTS) play through it.
COPY packages/client ./packages/client
# postinstall applies patches/ (patch-package, a production dependency for this reason), then
# builds the client package.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY src ./src
COPY web ./web
RUN npm run build

# Production dependencies only.
FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/codegen/package.json ./tools/codegen/
COPY packages/client/package.json ./packages/client/
COPY patches ./patches
# Without scripts: the postinstall would build the client package without its build tools (the
# build stage did); patch-package is the one install step the service needs.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npx patch-package

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
# The server's bundle holds the client package's code (the house bots play through it; esbuild
# follows tsconfig's path to its source); node_modules/@offiziersskat/client links here.
COPY --from=build /app/packages/client/package.json ./packages/client/
COPY --from=build /app/packages/client/dist ./packages/client/dist
# Applied at start (under an advisory lock); found next to dist/.
COPY drizzle ./drizzle
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Liveness: the worker answers (the primary alone does not). Readiness (database reachable in
# time, not shutting down) is /readyz, for the load balancer.
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]
