# Offiziersskat game service. Build: docker build -t offiziersskat .
# Run on a Postgres server:  docker run -p 3000:3000 -e DATABASE_URL=postgres://user:pw@host/db offiziersskat
# Without DATABASE_URL it keeps an embedded PGlite database in /app/.data (mount a volume there).

# `npm run build`: the server's bundle (esbuild; dependencies stay external), as `npm start` runs
# it, and the web client's static files (vite → dist/web), served by the service at /.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/codegen/package.json ./tools/codegen/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.client.json ./
COPY src ./src
COPY web ./web
RUN npm run build

# Production dependencies only.
FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/codegen/package.json ./tools/codegen/
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
# Applied at start (under an advisory lock); found next to dist/.
COPY drizzle ./drizzle
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]
