# syntax=docker/dockerfile:1
# Parley in a container: a build stage compiles the web app and the server; the runtime stage
# holds only the compiled server, its migrations, the built web app and the server's production
# dependencies, and runs as the unprivileged `node` user with its data in the /data volume.
#
#   docker build -t parley .
#   docker run -p 3080:3080 -v parley-data:/data parley
#
# On the embedded database one container owns a volume (a second fails at start). For several
# instances use compose.yaml (PostgreSQL and Redis).

ARG NODE_IMAGE=node:24.22.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused until they change.
COPY package.json package-lock.json ./
COPY packages/schema/package.json packages/schema/
COPY packages/llm-sim/package.json packages/llm-sim/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY tests/e2e/package.json tests/e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3080 \
    DATA_DIR=/data \
    CONFIG_PATH=/config/parley.yaml
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/schema/package.json packages/schema/
COPY packages/llm-sim/package.json packages/llm-sim/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY tests/e2e/package.json tests/e2e/
COPY bench/package.json bench/
# The bundle holds the workspace packages; only the server's npm dependencies are needed.
RUN npm ci --omit=dev --workspace=@parley/server --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /data /config \
    && chown node:node /data
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/server/drizzle packages/server/drizzle
COPY --from=build /app/packages/web/dist packages/web/dist
USER node
VOLUME ["/data"]
EXPOSE 3080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3080) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Idle memory, as `npm start` does (docs/architecture.md, "Idle memory"): glibc gives freed memory
# back above 1 MB instead of keeping it.
ENV MALLOC_TRIM_THRESHOLD_=1048576
# Node.js is PID 1 and handles SIGTERM itself (graceful stop: requests finish, answers are saved).
# Its flags are those of `npm start` (a young generation of 2 × 4 MB: docs/architecture.md, "Idle memory").
CMD ["node", "--max-semi-space-size=4", "packages/server/dist/main.mjs"]
