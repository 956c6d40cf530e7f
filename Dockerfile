# syntax=docker/dockerfile:1
# Capacity Planner: API + web app in one image. Needs an external PostgreSQL >= 15 (DATABASE_URL);
# see docker-compose.yml. Only explicit paths are copied, so node_modules/ and data/ of the build
# context (local database, JWT secret) never end up in the image.

# --- production dependencies -------------------------------------------------------------------
FROM node:24-slim AS deps
WORKDIR /app
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

# --- web client build ----------------------------------------------------------------------------
FROM node:24-slim AS build
WORKDIR /app
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json vite.config.ts index.html ./
COPY domain ./domain
COPY client ./client
RUN npx vite build

# --- runtime -------------------------------------------------------------------------------------
FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    npm_config_update_notifier=false
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY domain ./domain
COPY server ./server
COPY migrations ./migrations
COPY --from=build /app/dist ./dist
# The image's files stay root-owned (read-only for the app); only DATA_DIR is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(2500)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrates on start (Kysely's migration lock serialises several replicas), then serves.
CMD ["npm", "start"]
