# PhotoMuse: one image for the API and the workers; the command chooses (see compose.yaml).
#
#   docker build -t photomuse .
#   docker run … photomuse                                            the API (migrates, then serves on $PORT)
#   docker run … photomuse node --import tsx src/server/worker.ts     a worker
#   docker run … photomuse npm run backup                             a database dump now
#
# Plain Dockerfile syntax (no BuildKit-only instructions), so the classic builder builds it too.
# Instructions that write no files come before the large copies: a builder on the vfs storage
# driver copies the whole file system once per instruction that follows one.

# The Node.js 24 LTS line on Debian's slim image. Pin a digest (node:24-trixie-slim@sha256:…) for
# builds that must not change under you; the argument lets a test build on a local stand-in.
ARG NODE_IMAGE=node:24-trixie-slim

# ── 1. Production dependencies, exactly as package-lock.json pins them ──────────────────────────
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# npm workspaces (packages/*) must be here before the install, which links them and runs their
# build scripts (the built-in engine's vision worker):
COPY packages packages
# `npm ci` installs the lockfile's exact tree or fails; dev dependencies (tests, lint) stay out.
ARG NPM_INSTALL="npm ci"
RUN ${NPM_INSTALL} --omit=dev --no-audit --no-fund && npm cache clean --force

# ── 2. The web client, built once at image build time (.dockerignore admits only what builds) ───
FROM dependencies AS web
COPY . .
RUN node scripts/build.mjs

# ── 3. What runs: dependencies, the server's TypeScript (run by tsx, as `npm start` does), the
#       migrations and the built client; no compilers or tests ─────────────────────────────────────
FROM ${NODE_IMAGE}
# Production: every development convenience is refused, and the server may listen beyond loopback.
# Two malloc arenas hold the local engine's memory some 150 MB lower (decision 021).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/photomuse \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# DATA_DIR/storage holds the files when S3 is not used: a volume mounted there starts out owned by
# the server's user, as this folder is.
RUN mkdir -p /var/lib/photomuse/storage && chown -R node:node /var/lib/photomuse
# The official Node.js images' unprivileged user (uid 1000); the application's files stay root's.
USER node
EXPOSE 3000
# Ready = the database answers, the storage answers and every migration is applied. A worker has
# no HTTP: compose.yaml turns this check off for it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "src/server/main.ts"]
COPY --from=dependencies /app /app
COPY . .
COPY --from=web /app/dist/web dist/web
