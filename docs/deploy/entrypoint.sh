#!/bin/sh
# The static deployment's start (docs/deploy/Dockerfile's ENTRYPOINT; any machine with Node 20, nginx
# and the build alike): the site and nginx.conf from the build and the environment
# (server/deploy/render.ts: a bad setting stops here, naming the variable), then nginx in the
# foreground as the container's main process. The end-to-end suite runs this very script.
set -eu
APP_DIR=${APP_DIR:-/app}
: "${NGINX_PREFIX:?NGINX_PREFIX must name the directory for the site, nginx.conf, pid and logs}"
cd "$APP_DIR"
"$APP_DIR/node_modules/.bin/tsx" server/deploy/render.ts
exec "${NGINX_PATH:-nginx}" -e stderr -p "$NGINX_PREFIX" -c "$NGINX_PREFIX/nginx.conf" -g "${NGINX_GLOBALS:-daemon off;}"
