# The production image (docs/deploy.md): a build stage installs every dependency from the lockfile
# and builds the scoring core (WASM) and the web bundle; the runtime stage keeps the production
# dependencies, the server's sources (Bun runs TypeScript as it is), the built files and the
# migrations, and runs as the unprivileged `node` user. Data lives in /data (a volume) unless
# DATABASE_URL and S3_* point elsewhere.

FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# Bun comes from the `bun` package of the lockfile (its binary ships inside the registry package).
RUN npm ci --no-audit --no-fund
COPY . .
RUN node_modules/.bin/bun api/cli/build.ts --force \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20.2-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:/data/app.db \
    STORAGE_DIR=/data/storage
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/api ./api
COPY --from=build /app/db ./db
COPY --from=build /app/locales ./locales
COPY --from=build /app/scoring ./scoring
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data/storage && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Alive = the process answers; readiness (database, migrations, storage) is /readyz, for the proxy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The API and web server (and JOB_CONCURRENCY jobs). A job-only worker: CMD ["node_modules/.bin/bun", "api/cli/worker.ts"].
CMD ["node_modules/.bin/bun", "api/server.ts"]
